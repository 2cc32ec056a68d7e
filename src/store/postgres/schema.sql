-- MediaWiki 1.39.17's database schema for PostgreSQL, as its installer creates it.
-- Written by scripts/extract-schemas.mjs from maintenance/postgres/tables-generated.sql, maintenance/postgres/tables.sql, maintenance/postgres/update-keys.sql; do not edit.
-- /*_*/ precedes a name that takes the table prefix ($wgDBprefix): tables, and, added by the script,
-- indexes, types, functions and triggers. The statements run in the schema $wgDBmwschema.

CREATE TABLE /*_*/site_identifiers (
  si_type TEXT NOT NULL,
  si_key TEXT NOT NULL,
  si_site INT NOT NULL,
  PRIMARY KEY(si_type, si_key)
);

CREATE INDEX /*_*/si_site ON /*_*/site_identifiers (si_site);

CREATE INDEX /*_*/si_key ON /*_*/site_identifiers (si_key);

CREATE TABLE /*_*/updatelog (
  ul_key VARCHAR(255) NOT NULL,
  ul_value TEXT DEFAULT NULL,
  PRIMARY KEY(ul_key)
);

CREATE TABLE /*_*/actor (
  actor_id BIGSERIAL NOT NULL,
  actor_user INT DEFAULT NULL,
  actor_name TEXT NOT NULL,
  PRIMARY KEY(actor_id)
);

CREATE UNIQUE INDEX /*_*/actor_user ON /*_*/actor (actor_user);

CREATE UNIQUE INDEX /*_*/actor_name ON /*_*/actor (actor_name);

CREATE TABLE /*_*/user_former_groups (
  ufg_user INT DEFAULT 0 NOT NULL,
  ufg_group TEXT DEFAULT '' NOT NULL,
  PRIMARY KEY(ufg_user, ufg_group)
);

CREATE TABLE /*_*/bot_passwords (
  bp_user INT NOT NULL,
  bp_app_id TEXT NOT NULL,
  bp_password TEXT NOT NULL,
  bp_token TEXT DEFAULT '' NOT NULL,
  bp_restrictions TEXT NOT NULL,
  bp_grants TEXT NOT NULL,
  PRIMARY KEY(bp_user, bp_app_id)
);

CREATE TABLE /*_*/comment (
  comment_id BIGSERIAL NOT NULL,
  comment_hash INT NOT NULL,
  comment_text TEXT NOT NULL,
  comment_data TEXT DEFAULT NULL,
  PRIMARY KEY(comment_id)
);

CREATE INDEX /*_*/comment_hash ON /*_*/comment (comment_hash);

CREATE TABLE /*_*/slots (
  slot_revision_id BIGINT NOT NULL,
  slot_role_id SMALLINT NOT NULL,
  slot_content_id BIGINT NOT NULL,
  slot_origin BIGINT NOT NULL,
  PRIMARY KEY(slot_revision_id, slot_role_id)
);

CREATE INDEX /*_*/slot_revision_origin_role ON /*_*/slots (
  slot_revision_id, slot_origin, slot_role_id
);

CREATE TABLE /*_*/site_stats (
  ss_row_id INT NOT NULL,
  ss_total_edits BIGINT DEFAULT NULL,
  ss_good_articles BIGINT DEFAULT NULL,
  ss_total_pages BIGINT DEFAULT NULL,
  ss_users BIGINT DEFAULT NULL,
  ss_active_users BIGINT DEFAULT NULL,
  ss_images BIGINT DEFAULT NULL,
  PRIMARY KEY(ss_row_id)
);

CREATE TABLE /*_*/user_properties (
  up_user INT NOT NULL,
  up_property TEXT NOT NULL,
  up_value TEXT DEFAULT NULL,
  PRIMARY KEY(up_user, up_property)
);

CREATE INDEX /*_*/up_property ON /*_*/user_properties (up_property);

CREATE TABLE /*_*/log_search (
  ls_field TEXT NOT NULL,
  ls_value VARCHAR(255) NOT NULL,
  ls_log_id INT DEFAULT 0 NOT NULL,
  PRIMARY KEY(ls_field, ls_value, ls_log_id)
);

CREATE INDEX /*_*/ls_log_id ON /*_*/log_search (ls_log_id);

CREATE TABLE /*_*/change_tag (
  ct_id SERIAL NOT NULL,
  ct_rc_id INT DEFAULT NULL,
  ct_log_id INT DEFAULT NULL,
  ct_rev_id INT DEFAULT NULL,
  ct_params TEXT DEFAULT NULL,
  ct_tag_id INT NOT NULL,
  PRIMARY KEY(ct_id)
);

CREATE UNIQUE INDEX /*_*/ct_rc_tag_id ON /*_*/change_tag (ct_rc_id, ct_tag_id);

CREATE UNIQUE INDEX /*_*/ct_log_tag_id ON /*_*/change_tag (ct_log_id, ct_tag_id);

CREATE UNIQUE INDEX /*_*/ct_rev_tag_id ON /*_*/change_tag (ct_rev_id, ct_tag_id);

CREATE INDEX /*_*/ct_tag_id_id ON /*_*/change_tag (
  ct_tag_id, ct_rc_id, ct_rev_id, ct_log_id
);

CREATE TABLE /*_*/content (
  content_id BIGSERIAL NOT NULL,
  content_size INT NOT NULL,
  content_sha1 TEXT NOT NULL,
  content_model SMALLINT NOT NULL,
  content_address TEXT NOT NULL,
  PRIMARY KEY(content_id)
);

CREATE TABLE /*_*/l10n_cache (
  lc_lang TEXT NOT NULL,
  lc_key VARCHAR(255) NOT NULL,
  lc_value TEXT NOT NULL,
  PRIMARY KEY(lc_lang, lc_key)
);

CREATE TABLE /*_*/module_deps (
  md_module TEXT NOT NULL,
  md_skin TEXT NOT NULL,
  md_deps TEXT NOT NULL,
  PRIMARY KEY(md_module, md_skin)
);

CREATE TABLE /*_*/redirect (
  rd_from INT DEFAULT 0 NOT NULL,
  rd_namespace INT DEFAULT 0 NOT NULL,
  rd_title TEXT DEFAULT '' NOT NULL,
  rd_interwiki VARCHAR(32) DEFAULT NULL,
  rd_fragment TEXT DEFAULT NULL,
  PRIMARY KEY(rd_from)
);

CREATE INDEX /*_*/rd_ns_title ON /*_*/redirect (rd_namespace, rd_title, rd_from);

CREATE TABLE /*_*/pagelinks (
  pl_from INT DEFAULT 0 NOT NULL,
  pl_namespace INT DEFAULT 0 NOT NULL,
  pl_title TEXT DEFAULT '' NOT NULL,
  pl_from_namespace INT DEFAULT 0 NOT NULL,
  PRIMARY KEY(pl_from, pl_namespace, pl_title)
);

CREATE INDEX /*_*/pl_namespace ON /*_*/pagelinks (pl_namespace, pl_title, pl_from);

CREATE INDEX /*_*/pl_backlinks_namespace ON /*_*/pagelinks (
  pl_from_namespace, pl_namespace,
  pl_title, pl_from
);

CREATE TABLE /*_*/templatelinks (
  tl_from INT DEFAULT 0 NOT NULL,
  tl_target_id BIGINT NOT NULL,
  tl_from_namespace INT DEFAULT 0 NOT NULL,
  PRIMARY KEY(tl_from, tl_target_id)
);

CREATE INDEX /*_*/tl_target_id ON /*_*/templatelinks (tl_target_id, tl_from);

CREATE INDEX /*_*/tl_backlinks_namespace_target_id ON /*_*/templatelinks (
  tl_from_namespace, tl_target_id,
  tl_from
);

CREATE TABLE /*_*/imagelinks (
  il_from INT DEFAULT 0 NOT NULL,
  il_to TEXT DEFAULT '' NOT NULL,
  il_from_namespace INT DEFAULT 0 NOT NULL,
  PRIMARY KEY(il_from, il_to)
);

CREATE INDEX /*_*/il_to ON /*_*/imagelinks (il_to, il_from);

CREATE INDEX /*_*/il_backlinks_namespace ON /*_*/imagelinks (
  il_from_namespace, il_to, il_from
);

CREATE TABLE /*_*/langlinks (
  ll_from INT DEFAULT 0 NOT NULL,
  ll_lang TEXT DEFAULT '' NOT NULL,
  ll_title TEXT DEFAULT '' NOT NULL,
  PRIMARY KEY(ll_from, ll_lang)
);

CREATE INDEX /*_*/ll_lang ON /*_*/langlinks (ll_lang, ll_title);

CREATE TABLE /*_*/iwlinks (
  iwl_from INT DEFAULT 0 NOT NULL,
  iwl_prefix TEXT DEFAULT '' NOT NULL,
  iwl_title TEXT DEFAULT '' NOT NULL,
  PRIMARY KEY(iwl_from, iwl_prefix, iwl_title)
);

CREATE INDEX /*_*/iwl_prefix_title_from ON /*_*/iwlinks (iwl_prefix, iwl_title, iwl_from);

CREATE INDEX /*_*/iwl_prefix_from_title ON /*_*/iwlinks (iwl_prefix, iwl_from, iwl_title);

CREATE TABLE /*_*/category (
  cat_id SERIAL NOT NULL,
  cat_title TEXT NOT NULL,
  cat_pages INT DEFAULT 0 NOT NULL,
  cat_subcats INT DEFAULT 0 NOT NULL,
  cat_files INT DEFAULT 0 NOT NULL,
  PRIMARY KEY(cat_id)
);

CREATE UNIQUE INDEX /*_*/cat_title ON /*_*/category (cat_title);

CREATE INDEX /*_*/cat_pages ON /*_*/category (cat_pages);

CREATE TABLE /*_*/watchlist_expiry (
  we_item INT NOT NULL,
  we_expiry TIMESTAMPTZ NOT NULL,
  PRIMARY KEY(we_item)
);

CREATE INDEX /*_*/we_expiry ON /*_*/watchlist_expiry (we_expiry);

CREATE TABLE /*_*/change_tag_def (
  ctd_id SERIAL NOT NULL,
  ctd_name TEXT NOT NULL,
  ctd_user_defined SMALLINT NOT NULL,
  ctd_count BIGINT DEFAULT 0 NOT NULL,
  PRIMARY KEY(ctd_id)
);

CREATE UNIQUE INDEX /*_*/ctd_name ON /*_*/change_tag_def (ctd_name);

CREATE INDEX /*_*/ctd_count ON /*_*/change_tag_def (ctd_count);

CREATE INDEX /*_*/ctd_user_defined ON /*_*/change_tag_def (ctd_user_defined);

CREATE TABLE /*_*/ipblocks_restrictions (
  ir_ipb_id INT NOT NULL,
  ir_type SMALLINT NOT NULL,
  ir_value INT NOT NULL,
  PRIMARY KEY(ir_ipb_id, ir_type, ir_value)
);

CREATE INDEX /*_*/ir_type_value ON /*_*/ipblocks_restrictions (ir_type, ir_value);

CREATE TABLE /*_*/querycache (
  qc_type TEXT NOT NULL, qc_value INT DEFAULT 0 NOT NULL,
  qc_namespace INT DEFAULT 0 NOT NULL,
  qc_title TEXT DEFAULT '' NOT NULL
);

CREATE INDEX /*_*/qc_type ON /*_*/querycache (qc_type, qc_value);

CREATE TABLE /*_*/querycachetwo (
  qcc_type TEXT NOT NULL, qcc_value INT DEFAULT 0 NOT NULL,
  qcc_namespace INT DEFAULT 0 NOT NULL,
  qcc_title TEXT DEFAULT '' NOT NULL,
  qcc_namespacetwo INT DEFAULT 0 NOT NULL,
  qcc_titletwo TEXT DEFAULT '' NOT NULL
);

CREATE INDEX /*_*/qcc_type ON /*_*/querycachetwo (qcc_type, qcc_value);

CREATE INDEX /*_*/qcc_title ON /*_*/querycachetwo (
  qcc_type, qcc_namespace, qcc_title
);

CREATE INDEX /*_*/qcc_titletwo ON /*_*/querycachetwo (
  qcc_type, qcc_namespacetwo, qcc_titletwo
);

CREATE TABLE /*_*/page_restrictions (
  pr_id SERIAL NOT NULL,
  pr_page INT NOT NULL,
  pr_type TEXT NOT NULL,
  pr_level TEXT NOT NULL,
  pr_cascade SMALLINT NOT NULL,
  pr_expiry TIMESTAMPTZ DEFAULT NULL,
  PRIMARY KEY(pr_id)
);

CREATE UNIQUE INDEX /*_*/pr_pagetype ON /*_*/page_restrictions (pr_page, pr_type);

CREATE INDEX /*_*/pr_typelevel ON /*_*/page_restrictions (pr_type, pr_level);

CREATE INDEX /*_*/pr_level ON /*_*/page_restrictions (pr_level);

CREATE INDEX /*_*/pr_cascade ON /*_*/page_restrictions (pr_cascade);

CREATE TABLE /*_*/user_groups (
  ug_user INT DEFAULT 0 NOT NULL,
  ug_group TEXT DEFAULT '' NOT NULL,
  ug_expiry TIMESTAMPTZ DEFAULT NULL,
  PRIMARY KEY(ug_user, ug_group)
);

CREATE INDEX /*_*/ug_group ON /*_*/user_groups (ug_group);

CREATE INDEX /*_*/ug_expiry ON /*_*/user_groups (ug_expiry);

CREATE TABLE /*_*/querycache_info (
  qci_type TEXT DEFAULT '' NOT NULL,
  qci_timestamp TIMESTAMPTZ DEFAULT '1970-01-01 00:00:00+00' NOT NULL,
  PRIMARY KEY(qci_type)
);

CREATE TABLE /*_*/watchlist (
  wl_id SERIAL NOT NULL,
  wl_user INT NOT NULL,
  wl_namespace INT DEFAULT 0 NOT NULL,
  wl_title TEXT DEFAULT '' NOT NULL,
  wl_notificationtimestamp TIMESTAMPTZ DEFAULT NULL,
  PRIMARY KEY(wl_id)
);

CREATE UNIQUE INDEX /*_*/wl_user ON /*_*/watchlist (wl_user, wl_namespace, wl_title);

CREATE INDEX /*_*/wl_namespace_title ON /*_*/watchlist (wl_namespace, wl_title);

CREATE INDEX /*_*/wl_user_notificationtimestamp ON /*_*/watchlist (
  wl_user, wl_notificationtimestamp
);

CREATE TABLE /*_*/sites (
  site_id SERIAL NOT NULL,
  site_global_key TEXT NOT NULL,
  site_type TEXT NOT NULL,
  site_group TEXT NOT NULL,
  site_source TEXT NOT NULL,
  site_language TEXT NOT NULL,
  site_protocol TEXT NOT NULL,
  site_domain VARCHAR(255) NOT NULL,
  site_data TEXT NOT NULL,
  site_forward SMALLINT NOT NULL,
  site_config TEXT NOT NULL,
  PRIMARY KEY(site_id)
);

CREATE UNIQUE INDEX /*_*/site_global_key ON /*_*/sites (site_global_key);

CREATE INDEX /*_*/site_type ON /*_*/sites (site_type);

CREATE INDEX /*_*/site_group ON /*_*/sites (site_group);

CREATE INDEX /*_*/site_source ON /*_*/sites (site_source);

CREATE INDEX /*_*/site_language ON /*_*/sites (site_language);

CREATE INDEX /*_*/site_protocol ON /*_*/sites (site_protocol);

CREATE INDEX /*_*/site_domain ON /*_*/sites (site_domain);

CREATE INDEX /*_*/site_forward ON /*_*/sites (site_forward);

CREATE TABLE /*_*/user_newtalk (
  user_id INT DEFAULT 0 NOT NULL, user_ip TEXT DEFAULT '' NOT NULL,
  user_last_timestamp TIMESTAMPTZ DEFAULT NULL
);

CREATE INDEX /*_*/un_user_id ON /*_*/user_newtalk (user_id);

CREATE INDEX /*_*/un_user_ip ON /*_*/user_newtalk (user_ip);

CREATE TABLE /*_*/interwiki (
  iw_prefix VARCHAR(32) NOT NULL,
  iw_url TEXT NOT NULL,
  iw_api TEXT NOT NULL,
  iw_wikiid VARCHAR(64) NOT NULL,
  iw_local SMALLINT NOT NULL,
  iw_trans SMALLINT DEFAULT 0 NOT NULL,
  PRIMARY KEY(iw_prefix)
);

CREATE TABLE /*_*/protected_titles (
  pt_namespace INT NOT NULL,
  pt_title TEXT NOT NULL,
  pt_user INT NOT NULL,
  pt_reason_id BIGINT NOT NULL,
  pt_timestamp TIMESTAMPTZ NOT NULL,
  pt_expiry TIMESTAMPTZ NOT NULL,
  pt_create_perm TEXT NOT NULL,
  PRIMARY KEY(pt_namespace, pt_title)
);

CREATE INDEX /*_*/pt_timestamp ON /*_*/protected_titles (pt_timestamp);

CREATE TABLE /*_*/externallinks (
  el_id SERIAL NOT NULL,
  el_from INT DEFAULT 0 NOT NULL,
  el_to TEXT NOT NULL,
  el_index TEXT NOT NULL,
  el_index_60 TEXT NOT NULL,
  PRIMARY KEY(el_id)
);

CREATE INDEX /*_*/el_from ON /*_*/externallinks (el_from, el_to);

CREATE INDEX /*_*/el_to ON /*_*/externallinks (el_to, el_from);

CREATE INDEX /*_*/el_index ON /*_*/externallinks (el_index);

CREATE INDEX /*_*/el_index_60 ON /*_*/externallinks (el_index_60, el_id);

CREATE INDEX /*_*/el_from_index_60 ON /*_*/externallinks (el_from, el_index_60, el_id);

CREATE TABLE /*_*/ip_changes (
  ipc_rev_id INT DEFAULT 0 NOT NULL,
  ipc_rev_timestamp TIMESTAMPTZ NOT NULL,
  ipc_hex TEXT DEFAULT '' NOT NULL,
  PRIMARY KEY(ipc_rev_id)
);

CREATE INDEX /*_*/ipc_rev_timestamp ON /*_*/ip_changes (ipc_rev_timestamp);

CREATE INDEX /*_*/ipc_hex_time ON /*_*/ip_changes (ipc_hex, ipc_rev_timestamp);

CREATE TABLE /*_*/revision_comment_temp (
  revcomment_rev INT NOT NULL,
  revcomment_comment_id BIGINT NOT NULL,
  PRIMARY KEY(
    revcomment_rev, revcomment_comment_id
  )
);

CREATE UNIQUE INDEX /*_*/revcomment_rev ON /*_*/revision_comment_temp (revcomment_rev);

CREATE TABLE /*_*/page_props (
  pp_page INT NOT NULL,
  pp_propname TEXT NOT NULL,
  pp_value TEXT NOT NULL,
  pp_sortkey FLOAT DEFAULT NULL,
  PRIMARY KEY(pp_page, pp_propname)
);

CREATE UNIQUE INDEX /*_*/pp_propname_page ON /*_*/page_props (pp_propname, pp_page);

CREATE UNIQUE INDEX /*_*/pp_propname_sortkey_page ON /*_*/page_props (pp_propname, pp_sortkey, pp_page)
WHERE (pp_sortkey IS NOT NULL);

CREATE TABLE /*_*/job (
  job_id SERIAL NOT NULL,
  job_cmd TEXT DEFAULT '' NOT NULL,
  job_namespace INT NOT NULL,
  job_title TEXT NOT NULL,
  job_timestamp TIMESTAMPTZ DEFAULT NULL,
  job_params TEXT NOT NULL,
  job_random INT DEFAULT 0 NOT NULL,
  job_attempts INT DEFAULT 0 NOT NULL,
  job_token TEXT DEFAULT '' NOT NULL,
  job_token_timestamp TIMESTAMPTZ DEFAULT NULL,
  job_sha1 TEXT DEFAULT '' NOT NULL,
  PRIMARY KEY(job_id)
);

CREATE INDEX /*_*/job_sha1 ON /*_*/job (job_sha1);

CREATE INDEX /*_*/job_cmd_token ON /*_*/job (job_cmd, job_token, job_random);

CREATE INDEX /*_*/job_cmd_token_id ON /*_*/job (job_cmd, job_token, job_id);

CREATE INDEX /*_*/job_cmd ON /*_*/job (
  job_cmd, job_namespace, job_title,
  job_params
);

CREATE INDEX /*_*/job_timestamp ON /*_*/job (job_timestamp);

CREATE TABLE /*_*/slot_roles (
  role_id SERIAL NOT NULL,
  role_name TEXT NOT NULL,
  PRIMARY KEY(role_id)
);

CREATE UNIQUE INDEX /*_*/role_name ON /*_*/slot_roles (role_name);

CREATE TABLE /*_*/content_models (
  model_id SERIAL NOT NULL,
  model_name TEXT NOT NULL,
  PRIMARY KEY(model_id)
);

CREATE UNIQUE INDEX /*_*/model_name ON /*_*/content_models (model_name);

CREATE TABLE /*_*/categorylinks (
  cl_from INT DEFAULT 0 NOT NULL,
  cl_to TEXT DEFAULT '' NOT NULL,
  cl_sortkey TEXT DEFAULT '' NOT NULL,
  cl_sortkey_prefix TEXT DEFAULT '' NOT NULL,
  cl_timestamp TIMESTAMPTZ NOT NULL,
  cl_collation TEXT DEFAULT '' NOT NULL,
  cl_type TEXT DEFAULT 'page' NOT NULL,
  PRIMARY KEY(cl_from, cl_to)
);

CREATE INDEX /*_*/cl_sortkey ON /*_*/categorylinks (
  cl_to, cl_type, cl_sortkey, cl_from
);

CREATE INDEX /*_*/cl_timestamp ON /*_*/categorylinks (cl_to, cl_timestamp);

CREATE INDEX /*_*/cl_collation_ext ON /*_*/categorylinks (
  cl_collation, cl_to, cl_type, cl_from
);

CREATE TABLE /*_*/logging (
  log_id SERIAL NOT NULL,
  log_type TEXT DEFAULT '' NOT NULL,
  log_action TEXT DEFAULT '' NOT NULL,
  log_timestamp TIMESTAMPTZ DEFAULT '1970-01-01 00:00:00+00' NOT NULL,
  log_actor BIGINT NOT NULL,
  log_namespace INT DEFAULT 0 NOT NULL,
  log_title TEXT DEFAULT '' NOT NULL,
  log_page INT DEFAULT NULL,
  log_comment_id BIGINT NOT NULL,
  log_params TEXT NOT NULL,
  log_deleted SMALLINT DEFAULT 0 NOT NULL,
  PRIMARY KEY(log_id)
);

CREATE INDEX /*_*/log_type_time ON /*_*/logging (log_type, log_timestamp);

CREATE INDEX /*_*/log_actor_time ON /*_*/logging (log_actor, log_timestamp);

CREATE INDEX /*_*/log_page_time ON /*_*/logging (
  log_namespace, log_title, log_timestamp
);

CREATE INDEX /*_*/log_times ON /*_*/logging (log_timestamp);

CREATE INDEX /*_*/log_actor_type_time ON /*_*/logging (
  log_actor, log_type, log_timestamp
);

CREATE INDEX /*_*/log_page_id_time ON /*_*/logging (log_page, log_timestamp);

CREATE INDEX /*_*/log_type_action ON /*_*/logging (
  log_type, log_action, log_timestamp
);

CREATE TYPE /*_*/US_MEDIA_TYPE_ENUM AS ENUM(
  'UNKNOWN', 'BITMAP', 'DRAWING', 'AUDIO',
  'VIDEO', 'MULTIMEDIA', 'OFFICE',
  'TEXT', 'EXECUTABLE', 'ARCHIVE',
  '3D'
);

CREATE TABLE /*_*/uploadstash (
  us_id SERIAL NOT NULL,
  us_user INT NOT NULL,
  us_key VARCHAR(255) NOT NULL,
  us_orig_path VARCHAR(255) NOT NULL,
  us_path VARCHAR(255) NOT NULL,
  us_source_type VARCHAR(50) DEFAULT NULL,
  us_timestamp TIMESTAMPTZ NOT NULL,
  us_status VARCHAR(50) NOT NULL,
  us_chunk_inx INT DEFAULT NULL,
  us_props TEXT DEFAULT NULL,
  us_size INT NOT NULL,
  us_sha1 VARCHAR(31) NOT NULL,
  us_mime VARCHAR(255) DEFAULT NULL,
  us_media_type /*_*/US_MEDIA_TYPE_ENUM DEFAULT NULL,
  us_image_width INT DEFAULT NULL,
  us_image_height INT DEFAULT NULL,
  us_image_bits SMALLINT DEFAULT NULL,
  PRIMARY KEY(us_id)
);

CREATE INDEX /*_*/us_user ON /*_*/uploadstash (us_user);

CREATE UNIQUE INDEX /*_*/us_key ON /*_*/uploadstash (us_key);

CREATE INDEX /*_*/us_timestamp ON /*_*/uploadstash (us_timestamp);

CREATE TABLE /*_*/filearchive (
  fa_id SERIAL NOT NULL,
  fa_name TEXT DEFAULT '' NOT NULL,
  fa_archive_name TEXT DEFAULT '',
  fa_storage_group TEXT DEFAULT NULL,
  fa_storage_key TEXT DEFAULT '',
  fa_deleted_user INT DEFAULT NULL,
  fa_deleted_timestamp TIMESTAMPTZ DEFAULT NULL,
  fa_deleted_reason_id BIGINT NOT NULL,
  fa_size INT DEFAULT 0,
  fa_width INT DEFAULT 0,
  fa_height INT DEFAULT 0,
  fa_metadata TEXT DEFAULT NULL,
  fa_bits INT DEFAULT 0,
  fa_media_type TEXT DEFAULT NULL,
  fa_major_mime TEXT DEFAULT 'unknown',
  fa_minor_mime TEXT DEFAULT 'unknown',
  fa_description_id BIGINT NOT NULL,
  fa_actor BIGINT NOT NULL,
  fa_timestamp TIMESTAMPTZ DEFAULT NULL,
  fa_deleted SMALLINT DEFAULT 0 NOT NULL,
  fa_sha1 TEXT DEFAULT '' NOT NULL,
  PRIMARY KEY(fa_id)
);

CREATE INDEX /*_*/fa_name ON /*_*/filearchive (fa_name, fa_timestamp);

CREATE INDEX /*_*/fa_storage_group ON /*_*/filearchive (
  fa_storage_group, fa_storage_key
);

CREATE INDEX /*_*/fa_deleted_timestamp ON /*_*/filearchive (fa_deleted_timestamp);

CREATE INDEX /*_*/fa_actor_timestamp ON /*_*/filearchive (fa_actor, fa_timestamp);

CREATE INDEX /*_*/fa_sha1 ON /*_*/filearchive (fa_sha1);

CREATE TABLE /*_*/text (
  old_id SERIAL NOT NULL,
  old_text TEXT NOT NULL,
  old_flags TEXT NOT NULL,
  PRIMARY KEY(old_id)
);

CREATE TABLE /*_*/oldimage (
  oi_name TEXT DEFAULT '' NOT NULL, oi_archive_name TEXT DEFAULT '' NOT NULL,
  oi_size INT DEFAULT 0 NOT NULL, oi_width INT DEFAULT 0 NOT NULL,
  oi_height INT DEFAULT 0 NOT NULL, oi_bits INT DEFAULT 0 NOT NULL,
  oi_description_id BIGINT NOT NULL,
  oi_actor BIGINT NOT NULL, oi_timestamp TIMESTAMPTZ NOT NULL,
  oi_metadata TEXT NOT NULL, oi_media_type TEXT DEFAULT NULL,
  oi_major_mime TEXT DEFAULT 'unknown' NOT NULL,
  oi_minor_mime TEXT DEFAULT 'unknown' NOT NULL,
  oi_deleted SMALLINT DEFAULT 0 NOT NULL,
  oi_sha1 TEXT DEFAULT '' NOT NULL
);

CREATE INDEX /*_*/oi_actor_timestamp ON /*_*/oldimage (oi_actor, oi_timestamp);

CREATE INDEX /*_*/oi_name_timestamp ON /*_*/oldimage (oi_name, oi_timestamp);

CREATE INDEX /*_*/oi_name_archive_name ON /*_*/oldimage (oi_name, oi_archive_name);

CREATE INDEX /*_*/oi_sha1 ON /*_*/oldimage (oi_sha1);

CREATE INDEX /*_*/oi_timestamp ON /*_*/oldimage (oi_timestamp);

CREATE TABLE /*_*/objectcache (
  keyname TEXT DEFAULT '' NOT NULL,
  value TEXT DEFAULT NULL,
  exptime TIMESTAMPTZ NOT NULL,
  modtoken VARCHAR(17) DEFAULT '00000000000000000' NOT NULL,
  flags INT DEFAULT NULL,
  PRIMARY KEY(keyname)
);

CREATE INDEX /*_*/exptime ON /*_*/objectcache (exptime);

CREATE TABLE /*_*/ipblocks (
  ipb_id SERIAL NOT NULL,
  ipb_address TEXT NOT NULL,
  ipb_user INT DEFAULT 0 NOT NULL,
  ipb_by_actor BIGINT NOT NULL,
  ipb_reason_id BIGINT NOT NULL,
  ipb_timestamp TIMESTAMPTZ NOT NULL,
  ipb_auto SMALLINT DEFAULT 0 NOT NULL,
  ipb_anon_only SMALLINT DEFAULT 0 NOT NULL,
  ipb_create_account SMALLINT DEFAULT 1 NOT NULL,
  ipb_enable_autoblock SMALLINT DEFAULT 1 NOT NULL,
  ipb_expiry TIMESTAMPTZ NOT NULL,
  ipb_range_start TEXT NOT NULL,
  ipb_range_end TEXT NOT NULL,
  ipb_deleted SMALLINT DEFAULT 0 NOT NULL,
  ipb_block_email SMALLINT DEFAULT 0 NOT NULL,
  ipb_allow_usertalk SMALLINT DEFAULT 0 NOT NULL,
  ipb_parent_block_id INT DEFAULT NULL,
  ipb_sitewide SMALLINT DEFAULT 1 NOT NULL,
  PRIMARY KEY(ipb_id)
);

CREATE UNIQUE INDEX /*_*/ipb_address_unique ON /*_*/ipblocks (ipb_address, ipb_user, ipb_auto);

CREATE INDEX /*_*/ipb_user ON /*_*/ipblocks (ipb_user);

CREATE INDEX /*_*/ipb_range ON /*_*/ipblocks (ipb_range_start, ipb_range_end);

CREATE INDEX /*_*/ipb_timestamp ON /*_*/ipblocks (ipb_timestamp);

CREATE INDEX /*_*/ipb_expiry ON /*_*/ipblocks (ipb_expiry);

CREATE INDEX /*_*/ipb_parent_block_id ON /*_*/ipblocks (ipb_parent_block_id);

CREATE TABLE /*_*/image (
  img_name TEXT DEFAULT '' NOT NULL,
  img_size INT DEFAULT 0 NOT NULL,
  img_width INT DEFAULT 0 NOT NULL,
  img_height INT DEFAULT 0 NOT NULL,
  img_metadata TEXT NOT NULL,
  img_bits INT DEFAULT 0 NOT NULL,
  img_media_type TEXT DEFAULT NULL,
  img_major_mime TEXT DEFAULT 'unknown' NOT NULL,
  img_minor_mime TEXT DEFAULT 'unknown' NOT NULL,
  img_description_id BIGINT NOT NULL,
  img_actor BIGINT NOT NULL,
  img_timestamp TIMESTAMPTZ NOT NULL,
  img_sha1 TEXT DEFAULT '' NOT NULL,
  PRIMARY KEY(img_name)
);

CREATE INDEX /*_*/img_actor_timestamp ON /*_*/image (img_actor, img_timestamp);

CREATE INDEX /*_*/img_size ON /*_*/image (img_size);

CREATE INDEX /*_*/img_timestamp ON /*_*/image (img_timestamp);

CREATE INDEX /*_*/img_sha1 ON /*_*/image (img_sha1);

CREATE INDEX /*_*/img_media_mime ON /*_*/image (
  img_media_type, img_major_mime, img_minor_mime
);

CREATE TABLE /*_*/recentchanges (
  rc_id SERIAL NOT NULL,
  rc_timestamp TIMESTAMPTZ NOT NULL,
  rc_actor BIGINT NOT NULL,
  rc_namespace INT DEFAULT 0 NOT NULL,
  rc_title TEXT DEFAULT '' NOT NULL,
  rc_comment_id BIGINT NOT NULL,
  rc_minor SMALLINT DEFAULT 0 NOT NULL,
  rc_bot SMALLINT DEFAULT 0 NOT NULL,
  rc_new SMALLINT DEFAULT 0 NOT NULL,
  rc_cur_id INT DEFAULT 0 NOT NULL,
  rc_this_oldid INT DEFAULT 0 NOT NULL,
  rc_last_oldid INT DEFAULT 0 NOT NULL,
  rc_type SMALLINT DEFAULT 0 NOT NULL,
  rc_source TEXT DEFAULT '' NOT NULL,
  rc_patrolled SMALLINT DEFAULT 0 NOT NULL,
  rc_ip TEXT DEFAULT '' NOT NULL,
  rc_old_len INT DEFAULT NULL,
  rc_new_len INT DEFAULT NULL,
  rc_deleted SMALLINT DEFAULT 0 NOT NULL,
  rc_logid INT DEFAULT 0 NOT NULL,
  rc_log_type TEXT DEFAULT NULL,
  rc_log_action TEXT DEFAULT NULL,
  rc_params TEXT DEFAULT NULL,
  PRIMARY KEY(rc_id)
);

CREATE INDEX /*_*/rc_timestamp ON /*_*/recentchanges (rc_timestamp);

CREATE INDEX /*_*/rc_namespace_title_timestamp ON /*_*/recentchanges (
  rc_namespace, rc_title, rc_timestamp
);

CREATE INDEX /*_*/rc_cur_id ON /*_*/recentchanges (rc_cur_id);

CREATE INDEX /*_*/rc_new_name_timestamp ON /*_*/recentchanges (
  rc_new, rc_namespace, rc_timestamp
);

CREATE INDEX /*_*/rc_ip ON /*_*/recentchanges (rc_ip);

CREATE INDEX /*_*/rc_ns_actor ON /*_*/recentchanges (rc_namespace, rc_actor);

CREATE INDEX /*_*/rc_actor ON /*_*/recentchanges (rc_actor, rc_timestamp);

CREATE INDEX /*_*/rc_name_type_patrolled_timestamp ON /*_*/recentchanges (
  rc_namespace, rc_type, rc_patrolled,
  rc_timestamp
);

CREATE INDEX /*_*/rc_this_oldid ON /*_*/recentchanges (rc_this_oldid);

CREATE TABLE /*_*/archive (
  ar_id SERIAL NOT NULL,
  ar_namespace INT DEFAULT 0 NOT NULL,
  ar_title TEXT DEFAULT '' NOT NULL,
  ar_comment_id BIGINT NOT NULL,
  ar_actor BIGINT NOT NULL,
  ar_timestamp TIMESTAMPTZ NOT NULL,
  ar_minor_edit SMALLINT DEFAULT 0 NOT NULL,
  ar_rev_id INT NOT NULL,
  ar_deleted SMALLINT DEFAULT 0 NOT NULL,
  ar_len INT DEFAULT NULL,
  ar_page_id INT DEFAULT NULL,
  ar_parent_id INT DEFAULT NULL,
  ar_sha1 TEXT DEFAULT '' NOT NULL,
  PRIMARY KEY(ar_id)
);

CREATE INDEX /*_*/ar_name_title_timestamp ON /*_*/archive (
  ar_namespace, ar_title, ar_timestamp
);

CREATE INDEX /*_*/ar_actor_timestamp ON /*_*/archive (ar_actor, ar_timestamp);

CREATE UNIQUE INDEX /*_*/ar_revid_uniq ON /*_*/archive (ar_rev_id);

CREATE TABLE /*_*/page (
  page_id SERIAL NOT NULL,
  page_namespace INT NOT NULL,
  page_title TEXT NOT NULL,
  page_is_redirect SMALLINT DEFAULT 0 NOT NULL,
  page_is_new SMALLINT DEFAULT 0 NOT NULL,
  page_random FLOAT NOT NULL,
  page_touched TIMESTAMPTZ NOT NULL,
  page_links_updated TIMESTAMPTZ DEFAULT NULL,
  page_latest INT NOT NULL,
  page_len INT NOT NULL,
  page_content_model TEXT DEFAULT NULL,
  page_lang TEXT DEFAULT NULL,
  PRIMARY KEY(page_id)
);

CREATE UNIQUE INDEX /*_*/page_name_title ON /*_*/page (page_namespace, page_title);

CREATE INDEX /*_*/page_random ON /*_*/page (page_random);

CREATE INDEX /*_*/page_len ON /*_*/page (page_len);

CREATE INDEX /*_*/page_redirect_namespace_len ON /*_*/page (
  page_is_redirect, page_namespace,
  page_len
);

CREATE TABLE /*_*/"user" (
  user_id SERIAL NOT NULL,
  user_name TEXT DEFAULT '' NOT NULL,
  user_real_name TEXT DEFAULT '' NOT NULL,
  user_password TEXT NOT NULL,
  user_newpassword TEXT NOT NULL,
  user_newpass_time TIMESTAMPTZ DEFAULT NULL,
  user_email TEXT NOT NULL,
  user_touched TIMESTAMPTZ NOT NULL,
  user_token TEXT DEFAULT '' NOT NULL,
  user_email_authenticated TIMESTAMPTZ DEFAULT NULL,
  user_email_token TEXT DEFAULT NULL,
  user_email_token_expires TIMESTAMPTZ DEFAULT NULL,
  user_registration TIMESTAMPTZ DEFAULT NULL,
  user_editcount INT DEFAULT NULL,
  user_password_expires TIMESTAMPTZ DEFAULT NULL,
  PRIMARY KEY(user_id)
);

CREATE UNIQUE INDEX /*_*/user_name ON /*_*/"user" (user_name);

CREATE INDEX /*_*/user_email_token ON /*_*/"user" (user_email_token);

CREATE INDEX /*_*/user_email ON /*_*/"user" (user_email);

CREATE TABLE /*_*/user_autocreate_serial (
  uas_shard INT NOT NULL,
  uas_value INT NOT NULL,
  PRIMARY KEY(uas_shard)
);

CREATE TABLE /*_*/revision (
  rev_id SERIAL NOT NULL,
  rev_page INT NOT NULL,
  rev_comment_id BIGINT DEFAULT 0 NOT NULL,
  rev_actor BIGINT DEFAULT 0 NOT NULL,
  rev_timestamp TIMESTAMPTZ NOT NULL,
  rev_minor_edit SMALLINT DEFAULT 0 NOT NULL,
  rev_deleted SMALLINT DEFAULT 0 NOT NULL,
  rev_len INT DEFAULT NULL,
  rev_parent_id INT DEFAULT NULL,
  rev_sha1 TEXT DEFAULT '' NOT NULL,
  PRIMARY KEY(rev_id)
);

CREATE INDEX /*_*/rev_timestamp ON /*_*/revision (rev_timestamp);

CREATE INDEX /*_*/rev_page_timestamp ON /*_*/revision (rev_page, rev_timestamp);

CREATE INDEX /*_*/rev_actor_timestamp ON /*_*/revision (rev_actor, rev_timestamp, rev_id);

CREATE INDEX /*_*/rev_page_actor_timestamp ON /*_*/revision (
  rev_page, rev_actor, rev_timestamp
);

CREATE TABLE /*_*/searchindex (
  si_page INT NOT NULL,
  si_title VARCHAR(255) DEFAULT '' NOT NULL,
  si_text TEXT NOT NULL
);

CREATE UNIQUE INDEX /*_*/si_page ON /*_*/searchindex (si_page);

CREATE INDEX /*_*/si_title ON /*_*/searchindex (si_title);

CREATE INDEX /*_*/si_text ON /*_*/searchindex (si_text);

CREATE TABLE /*_*/linktarget (
  lt_id BIGSERIAL NOT NULL,
  lt_namespace INT NOT NULL,
  lt_title TEXT NOT NULL,
  PRIMARY KEY(lt_id)
);

CREATE UNIQUE INDEX /*_*/lt_namespace_title ON /*_*/linktarget (lt_namespace, lt_title);

ALTER TABLE /*_*/page ADD titlevector tsvector;

CREATE FUNCTION /*_*/ts2_page_title() RETURNS TRIGGER LANGUAGE plpgsql AS
$mw$
BEGIN
IF TG_OP = 'INSERT' THEN
  NEW.titlevector = to_tsvector(REPLACE(NEW.page_title,'/',' '));
ELSIF NEW.page_title != OLD.page_title THEN
  NEW.titlevector := to_tsvector(REPLACE(NEW.page_title,'/',' '));
END IF;
RETURN NEW;
END;
$mw$;

CREATE TRIGGER /*_*/ts2_page_title BEFORE INSERT OR UPDATE ON /*_*/page
  FOR EACH ROW EXECUTE PROCEDURE /*_*/ts2_page_title();

ALTER TABLE /*_*/text ADD textvector tsvector;

CREATE FUNCTION /*_*/ts2_page_text() RETURNS TRIGGER LANGUAGE plpgsql AS
$mw$
BEGIN
IF TG_OP = 'INSERT' THEN
  NEW.textvector = to_tsvector(NEW.old_text);
ELSIF NEW.old_text != OLD.old_text THEN
  NEW.textvector := to_tsvector(NEW.old_text);
END IF;
RETURN NEW;
END;
$mw$;

CREATE TRIGGER /*_*/ts2_page_text BEFORE INSERT OR UPDATE ON /*_*/text
  FOR EACH ROW EXECUTE PROCEDURE /*_*/ts2_page_text();

CREATE INDEX /*_*/ts2_page_title ON /*_*/page USING gin(titlevector);

CREATE INDEX /*_*/ts2_page_text ON /*_*/text USING gin(textvector);

INSERT INTO /*_*/updatelog (ul_key, ul_value)
	VALUES( 'filearchive-fa_major_mime-patch-fa_major_mime-chemical.sql', null );

INSERT INTO /*_*/updatelog (ul_key, ul_value)
	VALUES( 'image-img_major_mime-patch-img_major_mime-chemical.sql', null );

INSERT INTO /*_*/updatelog (ul_key, ul_value)
	VALUES( 'oldimage-oi_major_mime-patch-oi_major_mime-chemical.sql', null );

INSERT INTO /*_*/updatelog (ul_key, ul_value)
	VALUES( 'user_groups-ug_group-patch-ug_group-length-increase-255.sql', null );

INSERT INTO /*_*/updatelog (ul_key, ul_value)
	VALUES( 'user_former_groups-ufg_group-patch-ufg_group-length-increase-255.sql', null );

INSERT INTO /*_*/updatelog (ul_key, ul_value)
	VALUES( 'user_properties-up_property-patch-up_property.sql', null );

INSERT INTO /*_*/updatelog (ul_key, ul_value)
	VALUES( 'patch-textsearch_bug66650.sql', null );
