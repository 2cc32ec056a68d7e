// The MediaWiki 1.39 database schema for SQLite, which the server reads and the importer writes:
// the tables, their indexes, and the name tables' first rows. Making a new wiki is the writer's job
// (src/import/write/create-wiki.ts).

import type Database from 'better-sqlite3';

type Db = Database.Database;

export interface IndexSpec {
  name: string;
  unique?: boolean;
  columns: string[];
}

export interface TableSpec {
  name: string;
  /** Column definitions in MediaWiki's SQLite spelling (types, defaults, NOT NULL). */
  columns: string[];
  /** Composite primary key; single-column keys are declared on their column. */
  primaryKey?: string[];
  indexes: IndexSpec[];
}

/**
 * Every table of MediaWiki 1.39's SQLite schema (maintenance/sqlite/tables-generated.sql), with the
 * column types, defaults and index names MediaWiki uses, so MediaWiki itself can open what we write.
 * The FTS3 `searchindex` table is created apart (see SEARCHINDEX_DDL).
 */
export const TABLES: readonly TableSpec[] = [
  {
    name: 'actor',
    columns: [
      'actor_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL',
      'actor_user INTEGER DEFAULT NULL',
      'actor_name BLOB NOT NULL',
    ],
    indexes: [
      { name: 'actor_user', unique: true, columns: ['actor_user'] },
      { name: 'actor_name', unique: true, columns: ['actor_name'] },
    ],
  },
  {
    name: 'archive',
    columns: [
      'ar_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL',
      'ar_namespace INTEGER DEFAULT 0 NOT NULL',
      "ar_title BLOB DEFAULT '' NOT NULL",
      'ar_comment_id INTEGER NOT NULL',
      'ar_actor INTEGER NOT NULL',
      'ar_timestamp BLOB NOT NULL',
      'ar_minor_edit INTEGER DEFAULT 0 NOT NULL',
      'ar_rev_id INTEGER NOT NULL',
      'ar_deleted INTEGER DEFAULT 0 NOT NULL',
      'ar_len INTEGER DEFAULT NULL',
      'ar_page_id INTEGER DEFAULT NULL',
      'ar_parent_id INTEGER DEFAULT NULL',
      "ar_sha1 BLOB DEFAULT '' NOT NULL",
    ],
    indexes: [
      { name: 'ar_name_title_timestamp', columns: ['ar_namespace', 'ar_title', 'ar_timestamp'] },
      { name: 'ar_actor_timestamp', columns: ['ar_actor', 'ar_timestamp'] },
      { name: 'ar_revid_uniq', unique: true, columns: ['ar_rev_id'] },
    ],
  },
  {
    name: 'bot_passwords',
    columns: [
      'bp_user INTEGER NOT NULL',
      'bp_app_id BLOB NOT NULL',
      'bp_password BLOB NOT NULL',
      "bp_token BLOB DEFAULT '' NOT NULL",
      'bp_restrictions BLOB NOT NULL',
      'bp_grants BLOB NOT NULL',
    ],
    primaryKey: ['bp_user', 'bp_app_id'],
    indexes: [],
  },
  {
    name: 'category',
    columns: [
      'cat_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL',
      'cat_title BLOB NOT NULL',
      'cat_pages INTEGER DEFAULT 0 NOT NULL',
      'cat_subcats INTEGER DEFAULT 0 NOT NULL',
      'cat_files INTEGER DEFAULT 0 NOT NULL',
    ],
    indexes: [
      { name: 'cat_title', unique: true, columns: ['cat_title'] },
      { name: 'cat_pages', columns: ['cat_pages'] },
    ],
  },
  {
    name: 'categorylinks',
    columns: [
      'cl_from INTEGER DEFAULT 0 NOT NULL',
      "cl_to BLOB DEFAULT '' NOT NULL",
      "cl_sortkey BLOB DEFAULT '' NOT NULL",
      "cl_sortkey_prefix BLOB DEFAULT '' NOT NULL",
      'cl_timestamp TEXT NOT NULL',
      "cl_collation BLOB DEFAULT '' NOT NULL",
      "cl_type TEXT DEFAULT 'page' NOT NULL",
    ],
    primaryKey: ['cl_from', 'cl_to'],
    indexes: [
      { name: 'cl_sortkey', columns: ['cl_to', 'cl_type', 'cl_sortkey', 'cl_from'] },
      { name: 'cl_timestamp', columns: ['cl_to', 'cl_timestamp'] },
      { name: 'cl_collation_ext', columns: ['cl_collation', 'cl_to', 'cl_type', 'cl_from'] },
    ],
  },
  {
    name: 'change_tag',
    columns: [
      'ct_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL',
      'ct_rc_id INTEGER DEFAULT NULL',
      'ct_log_id INTEGER DEFAULT NULL',
      'ct_rev_id INTEGER DEFAULT NULL',
      'ct_params BLOB DEFAULT NULL',
      'ct_tag_id INTEGER NOT NULL',
    ],
    indexes: [
      { name: 'ct_rc_tag_id', unique: true, columns: ['ct_rc_id', 'ct_tag_id'] },
      { name: 'ct_log_tag_id', unique: true, columns: ['ct_log_id', 'ct_tag_id'] },
      { name: 'ct_rev_tag_id', unique: true, columns: ['ct_rev_id', 'ct_tag_id'] },
      { name: 'ct_tag_id_id', columns: ['ct_tag_id', 'ct_rc_id', 'ct_rev_id', 'ct_log_id'] },
    ],
  },
  {
    name: 'change_tag_def',
    columns: [
      'ctd_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL',
      'ctd_name BLOB NOT NULL',
      'ctd_user_defined INTEGER NOT NULL',
      'ctd_count INTEGER DEFAULT 0 NOT NULL',
    ],
    indexes: [
      { name: 'ctd_name', unique: true, columns: ['ctd_name'] },
      { name: 'ctd_count', columns: ['ctd_count'] },
      { name: 'ctd_user_defined', columns: ['ctd_user_defined'] },
    ],
  },
  {
    name: 'comment',
    columns: [
      'comment_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL',
      'comment_hash INTEGER NOT NULL',
      'comment_text BLOB NOT NULL',
      'comment_data BLOB DEFAULT NULL',
    ],
    indexes: [
      { name: 'comment_hash', columns: ['comment_hash'] },
    ],
  },
  {
    name: 'content',
    columns: [
      'content_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL',
      'content_size INTEGER NOT NULL',
      'content_sha1 BLOB NOT NULL',
      'content_model INTEGER NOT NULL',
      'content_address BLOB NOT NULL',
    ],
    indexes: [],
  },
  {
    name: 'content_models',
    columns: [
      'model_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL',
      'model_name BLOB NOT NULL',
    ],
    indexes: [
      { name: 'model_name', unique: true, columns: ['model_name'] },
    ],
  },
  {
    name: 'externallinks',
    columns: [
      'el_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL',
      'el_from INTEGER DEFAULT 0 NOT NULL',
      'el_to BLOB NOT NULL',
      'el_index BLOB NOT NULL',
      'el_index_60 BLOB NOT NULL',
    ],
    indexes: [
      { name: 'el_from', columns: ['el_from', 'el_to'] },
      { name: 'el_to', columns: ['el_to', 'el_from'] },
      { name: 'el_index', columns: ['el_index'] },
      { name: 'el_index_60', columns: ['el_index_60', 'el_id'] },
      { name: 'el_from_index_60', columns: ['el_from', 'el_index_60', 'el_id'] },
    ],
  },
  {
    name: 'filearchive',
    columns: [
      'fa_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL',
      "fa_name BLOB DEFAULT '' NOT NULL",
      "fa_archive_name BLOB DEFAULT ''",
      'fa_storage_group BLOB DEFAULT NULL',
      "fa_storage_key BLOB DEFAULT ''",
      'fa_deleted_user INTEGER DEFAULT NULL',
      'fa_deleted_timestamp BLOB DEFAULT NULL',
      'fa_deleted_reason_id INTEGER NOT NULL',
      'fa_size INTEGER DEFAULT 0',
      'fa_width INTEGER DEFAULT 0',
      'fa_height INTEGER DEFAULT 0',
      'fa_metadata BLOB DEFAULT NULL',
      'fa_bits INTEGER DEFAULT 0',
      'fa_media_type TEXT DEFAULT NULL',
      "fa_major_mime TEXT DEFAULT 'unknown'",
      "fa_minor_mime BLOB DEFAULT 'unknown'",
      'fa_description_id INTEGER NOT NULL',
      'fa_actor INTEGER NOT NULL',
      'fa_timestamp BLOB DEFAULT NULL',
      'fa_deleted INTEGER DEFAULT 0 NOT NULL',
      "fa_sha1 BLOB DEFAULT '' NOT NULL",
    ],
    indexes: [
      { name: 'fa_name', columns: ['fa_name', 'fa_timestamp'] },
      { name: 'fa_storage_group', columns: ['fa_storage_group', 'fa_storage_key'] },
      { name: 'fa_deleted_timestamp', columns: ['fa_deleted_timestamp'] },
      { name: 'fa_actor_timestamp', columns: ['fa_actor', 'fa_timestamp'] },
      { name: 'fa_sha1', columns: ['fa_sha1'] },
    ],
  },
  {
    name: 'image',
    columns: [
      "img_name BLOB DEFAULT '' NOT NULL",
      'img_size INTEGER DEFAULT 0 NOT NULL',
      'img_width INTEGER DEFAULT 0 NOT NULL',
      'img_height INTEGER DEFAULT 0 NOT NULL',
      'img_metadata BLOB NOT NULL',
      'img_bits INTEGER DEFAULT 0 NOT NULL',
      'img_media_type TEXT DEFAULT NULL',
      "img_major_mime TEXT DEFAULT 'unknown' NOT NULL",
      "img_minor_mime BLOB DEFAULT 'unknown' NOT NULL",
      'img_description_id INTEGER NOT NULL',
      'img_actor INTEGER NOT NULL',
      'img_timestamp BLOB NOT NULL',
      "img_sha1 BLOB DEFAULT '' NOT NULL",
    ],
    primaryKey: ['img_name'],
    indexes: [
      { name: 'img_actor_timestamp', columns: ['img_actor', 'img_timestamp'] },
      { name: 'img_size', columns: ['img_size'] },
      { name: 'img_timestamp', columns: ['img_timestamp'] },
      { name: 'img_sha1', columns: ['img_sha1'] },
      { name: 'img_media_mime', columns: ['img_media_type', 'img_major_mime', 'img_minor_mime'] },
    ],
  },
  {
    name: 'imagelinks',
    columns: [
      'il_from INTEGER DEFAULT 0 NOT NULL',
      "il_to BLOB DEFAULT '' NOT NULL",
      'il_from_namespace INTEGER DEFAULT 0 NOT NULL',
    ],
    primaryKey: ['il_from', 'il_to'],
    indexes: [
      { name: 'il_to', columns: ['il_to', 'il_from'] },
      { name: 'il_backlinks_namespace', columns: ['il_from_namespace', 'il_to', 'il_from'] },
    ],
  },
  {
    name: 'interwiki',
    columns: [
      'iw_prefix TEXT NOT NULL',
      'iw_url BLOB NOT NULL',
      'iw_api BLOB NOT NULL',
      'iw_wikiid TEXT NOT NULL',
      'iw_local INTEGER NOT NULL',
      'iw_trans INTEGER DEFAULT 0 NOT NULL',
    ],
    primaryKey: ['iw_prefix'],
    indexes: [],
  },
  {
    name: 'ip_changes',
    columns: [
      'ipc_rev_id INTEGER DEFAULT 0 NOT NULL',
      'ipc_rev_timestamp BLOB NOT NULL',
      "ipc_hex BLOB DEFAULT '' NOT NULL",
    ],
    primaryKey: ['ipc_rev_id'],
    indexes: [
      { name: 'ipc_rev_timestamp', columns: ['ipc_rev_timestamp'] },
      { name: 'ipc_hex_time', columns: ['ipc_hex', 'ipc_rev_timestamp'] },
    ],
  },
  {
    name: 'ipblocks',
    columns: [
      'ipb_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL',
      'ipb_address BLOB NOT NULL',
      'ipb_user INTEGER DEFAULT 0 NOT NULL',
      'ipb_by_actor INTEGER NOT NULL',
      'ipb_reason_id INTEGER NOT NULL',
      'ipb_timestamp BLOB NOT NULL',
      'ipb_auto INTEGER DEFAULT 0 NOT NULL',
      'ipb_anon_only INTEGER DEFAULT 0 NOT NULL',
      'ipb_create_account INTEGER DEFAULT 1 NOT NULL',
      'ipb_enable_autoblock INTEGER DEFAULT 1 NOT NULL',
      'ipb_expiry BLOB NOT NULL',
      'ipb_range_start BLOB NOT NULL',
      'ipb_range_end BLOB NOT NULL',
      'ipb_deleted INTEGER DEFAULT 0 NOT NULL',
      'ipb_block_email INTEGER DEFAULT 0 NOT NULL',
      'ipb_allow_usertalk INTEGER DEFAULT 0 NOT NULL',
      'ipb_parent_block_id INTEGER DEFAULT NULL',
      'ipb_sitewide INTEGER DEFAULT 1 NOT NULL',
    ],
    indexes: [
      { name: 'ipb_address_unique', unique: true, columns: ['ipb_address', 'ipb_user', 'ipb_auto'] },
      { name: 'ipb_user', columns: ['ipb_user'] },
      { name: 'ipb_range', columns: ['ipb_range_start', 'ipb_range_end'] },
      { name: 'ipb_timestamp', columns: ['ipb_timestamp'] },
      { name: 'ipb_expiry', columns: ['ipb_expiry'] },
      { name: 'ipb_parent_block_id', columns: ['ipb_parent_block_id'] },
    ],
  },
  {
    name: 'ipblocks_restrictions',
    columns: [
      'ir_ipb_id INTEGER NOT NULL',
      'ir_type INTEGER NOT NULL',
      'ir_value INTEGER NOT NULL',
    ],
    primaryKey: ['ir_ipb_id', 'ir_type', 'ir_value'],
    indexes: [
      { name: 'ir_type_value', columns: ['ir_type', 'ir_value'] },
    ],
  },
  {
    name: 'iwlinks',
    columns: [
      'iwl_from INTEGER DEFAULT 0 NOT NULL',
      "iwl_prefix BLOB DEFAULT '' NOT NULL",
      "iwl_title BLOB DEFAULT '' NOT NULL",
    ],
    primaryKey: ['iwl_from', 'iwl_prefix', 'iwl_title'],
    indexes: [
      { name: 'iwl_prefix_title_from', columns: ['iwl_prefix', 'iwl_title', 'iwl_from'] },
      { name: 'iwl_prefix_from_title', columns: ['iwl_prefix', 'iwl_from', 'iwl_title'] },
    ],
  },
  {
    name: 'job',
    columns: [
      'job_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL',
      "job_cmd BLOB DEFAULT '' NOT NULL",
      'job_namespace INTEGER NOT NULL',
      'job_title BLOB NOT NULL',
      'job_timestamp BLOB DEFAULT NULL',
      'job_params BLOB NOT NULL',
      'job_random INTEGER DEFAULT 0 NOT NULL',
      'job_attempts INTEGER DEFAULT 0 NOT NULL',
      "job_token BLOB DEFAULT '' NOT NULL",
      'job_token_timestamp BLOB DEFAULT NULL',
      "job_sha1 BLOB DEFAULT '' NOT NULL",
    ],
    indexes: [
      { name: 'job_sha1', columns: ['job_sha1'] },
      { name: 'job_cmd_token', columns: ['job_cmd', 'job_token', 'job_random'] },
      { name: 'job_cmd_token_id', columns: ['job_cmd', 'job_token', 'job_id'] },
      { name: 'job_cmd', columns: ['job_cmd', 'job_namespace', 'job_title', 'job_params'] },
      { name: 'job_timestamp', columns: ['job_timestamp'] },
    ],
  },
  {
    name: 'l10n_cache',
    columns: [
      'lc_lang BLOB NOT NULL',
      'lc_key TEXT NOT NULL',
      'lc_value BLOB NOT NULL',
    ],
    primaryKey: ['lc_lang', 'lc_key'],
    indexes: [],
  },
  {
    name: 'langlinks',
    columns: [
      'll_from INTEGER DEFAULT 0 NOT NULL',
      "ll_lang BLOB DEFAULT '' NOT NULL",
      "ll_title BLOB DEFAULT '' NOT NULL",
    ],
    primaryKey: ['ll_from', 'll_lang'],
    indexes: [
      { name: 'll_lang', columns: ['ll_lang', 'll_title'] },
    ],
  },
  {
    name: 'linktarget',
    columns: [
      'lt_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL',
      'lt_namespace INTEGER NOT NULL',
      'lt_title BLOB NOT NULL',
    ],
    indexes: [
      { name: 'lt_namespace_title', unique: true, columns: ['lt_namespace', 'lt_title'] },
    ],
  },
  {
    name: 'log_search',
    columns: [
      'ls_field BLOB NOT NULL',
      'ls_value TEXT NOT NULL',
      'ls_log_id INTEGER DEFAULT 0 NOT NULL',
    ],
    primaryKey: ['ls_field', 'ls_value', 'ls_log_id'],
    indexes: [
      { name: 'ls_log_id', columns: ['ls_log_id'] },
    ],
  },
  {
    name: 'logging',
    columns: [
      'log_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL',
      "log_type BLOB DEFAULT '' NOT NULL",
      "log_action BLOB DEFAULT '' NOT NULL",
      "log_timestamp BLOB DEFAULT '19700101000000' NOT NULL",
      'log_actor INTEGER NOT NULL',
      'log_namespace INTEGER DEFAULT 0 NOT NULL',
      "log_title BLOB DEFAULT '' NOT NULL",
      'log_page INTEGER DEFAULT NULL',
      'log_comment_id INTEGER NOT NULL',
      'log_params BLOB NOT NULL',
      'log_deleted INTEGER DEFAULT 0 NOT NULL',
    ],
    indexes: [
      { name: 'log_type_time', columns: ['log_type', 'log_timestamp'] },
      { name: 'log_actor_time', columns: ['log_actor', 'log_timestamp'] },
      { name: 'log_page_time', columns: ['log_namespace', 'log_title', 'log_timestamp'] },
      { name: 'log_times', columns: ['log_timestamp'] },
      { name: 'log_actor_type_time', columns: ['log_actor', 'log_type', 'log_timestamp'] },
      { name: 'log_page_id_time', columns: ['log_page', 'log_timestamp'] },
      { name: 'log_type_action', columns: ['log_type', 'log_action', 'log_timestamp'] },
    ],
  },
  {
    name: 'module_deps',
    columns: [
      'md_module BLOB NOT NULL',
      'md_skin BLOB NOT NULL',
      'md_deps BLOB NOT NULL',
    ],
    primaryKey: ['md_module', 'md_skin'],
    indexes: [],
  },
  {
    name: 'objectcache',
    columns: [
      "keyname BLOB DEFAULT '' NOT NULL",
      'value BLOB DEFAULT NULL',
      'exptime BLOB NOT NULL',
      "modtoken TEXT DEFAULT '00000000000000000' NOT NULL",
      'flags INTEGER DEFAULT NULL',
    ],
    primaryKey: ['keyname'],
    indexes: [
      { name: 'exptime', columns: ['exptime'] },
    ],
  },
  {
    name: 'oldimage',
    columns: [
      "oi_name BLOB DEFAULT '' NOT NULL",
      "oi_archive_name BLOB DEFAULT '' NOT NULL",
      'oi_size INTEGER DEFAULT 0 NOT NULL',
      'oi_width INTEGER DEFAULT 0 NOT NULL',
      'oi_height INTEGER DEFAULT 0 NOT NULL',
      'oi_bits INTEGER DEFAULT 0 NOT NULL',
      'oi_description_id INTEGER NOT NULL',
      'oi_actor INTEGER NOT NULL',
      'oi_timestamp BLOB NOT NULL',
      'oi_metadata BLOB NOT NULL',
      'oi_media_type TEXT DEFAULT NULL',
      "oi_major_mime TEXT DEFAULT 'unknown' NOT NULL",
      "oi_minor_mime BLOB DEFAULT 'unknown' NOT NULL",
      'oi_deleted INTEGER DEFAULT 0 NOT NULL',
      "oi_sha1 BLOB DEFAULT '' NOT NULL",
    ],
    indexes: [
      { name: 'oi_actor_timestamp', columns: ['oi_actor', 'oi_timestamp'] },
      { name: 'oi_name_timestamp', columns: ['oi_name', 'oi_timestamp'] },
      { name: 'oi_name_archive_name', columns: ['oi_name', 'oi_archive_name'] },
      { name: 'oi_sha1', columns: ['oi_sha1'] },
      { name: 'oi_timestamp', columns: ['oi_timestamp'] },
    ],
  },
  {
    name: 'page',
    columns: [
      'page_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL',
      'page_namespace INTEGER NOT NULL',
      'page_title BLOB NOT NULL',
      'page_is_redirect INTEGER DEFAULT 0 NOT NULL',
      'page_is_new INTEGER DEFAULT 0 NOT NULL',
      'page_random REAL NOT NULL',
      'page_touched BLOB NOT NULL',
      'page_links_updated BLOB DEFAULT NULL',
      'page_latest INTEGER NOT NULL',
      'page_len INTEGER NOT NULL',
      'page_content_model BLOB DEFAULT NULL',
      'page_lang BLOB DEFAULT NULL',
    ],
    indexes: [
      { name: 'page_name_title', unique: true, columns: ['page_namespace', 'page_title'] },
      { name: 'page_random', columns: ['page_random'] },
      { name: 'page_len', columns: ['page_len'] },
      { name: 'page_redirect_namespace_len', columns: ['page_is_redirect', 'page_namespace', 'page_len'] },
    ],
  },
  {
    name: 'page_props',
    columns: [
      'pp_page INTEGER NOT NULL',
      'pp_propname BLOB NOT NULL',
      'pp_value BLOB NOT NULL',
      'pp_sortkey REAL DEFAULT NULL',
    ],
    primaryKey: ['pp_page', 'pp_propname'],
    indexes: [
      { name: 'pp_propname_page', unique: true, columns: ['pp_propname', 'pp_page'] },
      { name: 'pp_propname_sortkey_page', unique: true, columns: ['pp_propname', 'pp_sortkey', 'pp_page'] },
    ],
  },
  {
    name: 'page_restrictions',
    columns: [
      'pr_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL',
      'pr_page INTEGER NOT NULL',
      'pr_type BLOB NOT NULL',
      'pr_level BLOB NOT NULL',
      'pr_cascade INTEGER NOT NULL',
      'pr_expiry BLOB DEFAULT NULL',
    ],
    indexes: [
      { name: 'pr_pagetype', unique: true, columns: ['pr_page', 'pr_type'] },
      { name: 'pr_typelevel', columns: ['pr_type', 'pr_level'] },
      { name: 'pr_level', columns: ['pr_level'] },
      { name: 'pr_cascade', columns: ['pr_cascade'] },
    ],
  },
  {
    name: 'pagelinks',
    columns: [
      'pl_from INTEGER DEFAULT 0 NOT NULL',
      'pl_namespace INTEGER DEFAULT 0 NOT NULL',
      "pl_title BLOB DEFAULT '' NOT NULL",
      'pl_from_namespace INTEGER DEFAULT 0 NOT NULL',
    ],
    primaryKey: ['pl_from', 'pl_namespace', 'pl_title'],
    indexes: [
      { name: 'pl_namespace', columns: ['pl_namespace', 'pl_title', 'pl_from'] },
      { name: 'pl_backlinks_namespace', columns: ['pl_from_namespace', 'pl_namespace', 'pl_title', 'pl_from'] },
    ],
  },
  {
    name: 'protected_titles',
    columns: [
      'pt_namespace INTEGER NOT NULL',
      'pt_title BLOB NOT NULL',
      'pt_user INTEGER NOT NULL',
      'pt_reason_id INTEGER NOT NULL',
      'pt_timestamp BLOB NOT NULL',
      'pt_expiry BLOB NOT NULL',
      'pt_create_perm BLOB NOT NULL',
    ],
    primaryKey: ['pt_namespace', 'pt_title'],
    indexes: [
      { name: 'pt_timestamp', columns: ['pt_timestamp'] },
    ],
  },
  {
    name: 'querycache',
    columns: [
      'qc_type BLOB NOT NULL',
      'qc_value INTEGER DEFAULT 0 NOT NULL',
      'qc_namespace INTEGER DEFAULT 0 NOT NULL',
      "qc_title BLOB DEFAULT '' NOT NULL",
    ],
    indexes: [
      { name: 'qc_type', columns: ['qc_type', 'qc_value'] },
    ],
  },
  {
    name: 'querycache_info',
    columns: [
      "qci_type BLOB DEFAULT '' NOT NULL",
      "qci_timestamp BLOB DEFAULT '19700101000000' NOT NULL",
    ],
    primaryKey: ['qci_type'],
    indexes: [],
  },
  {
    name: 'querycachetwo',
    columns: [
      'qcc_type BLOB NOT NULL',
      'qcc_value INTEGER DEFAULT 0 NOT NULL',
      'qcc_namespace INTEGER DEFAULT 0 NOT NULL',
      "qcc_title BLOB DEFAULT '' NOT NULL",
      'qcc_namespacetwo INTEGER DEFAULT 0 NOT NULL',
      "qcc_titletwo BLOB DEFAULT '' NOT NULL",
    ],
    indexes: [
      { name: 'qcc_type', columns: ['qcc_type', 'qcc_value'] },
      { name: 'qcc_title', columns: ['qcc_type', 'qcc_namespace', 'qcc_title'] },
      { name: 'qcc_titletwo', columns: ['qcc_type', 'qcc_namespacetwo', 'qcc_titletwo'] },
    ],
  },
  {
    name: 'recentchanges',
    columns: [
      'rc_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL',
      'rc_timestamp BLOB NOT NULL',
      'rc_actor INTEGER NOT NULL',
      'rc_namespace INTEGER DEFAULT 0 NOT NULL',
      "rc_title BLOB DEFAULT '' NOT NULL",
      'rc_comment_id INTEGER NOT NULL',
      'rc_minor INTEGER DEFAULT 0 NOT NULL',
      'rc_bot INTEGER DEFAULT 0 NOT NULL',
      'rc_new INTEGER DEFAULT 0 NOT NULL',
      'rc_cur_id INTEGER DEFAULT 0 NOT NULL',
      'rc_this_oldid INTEGER DEFAULT 0 NOT NULL',
      'rc_last_oldid INTEGER DEFAULT 0 NOT NULL',
      'rc_type INTEGER DEFAULT 0 NOT NULL',
      "rc_source BLOB DEFAULT '' NOT NULL",
      'rc_patrolled INTEGER DEFAULT 0 NOT NULL',
      "rc_ip BLOB DEFAULT '' NOT NULL",
      'rc_old_len INTEGER DEFAULT NULL',
      'rc_new_len INTEGER DEFAULT NULL',
      'rc_deleted INTEGER DEFAULT 0 NOT NULL',
      'rc_logid INTEGER DEFAULT 0 NOT NULL',
      'rc_log_type BLOB DEFAULT NULL',
      'rc_log_action BLOB DEFAULT NULL',
      'rc_params BLOB DEFAULT NULL',
    ],
    indexes: [
      { name: 'rc_timestamp', columns: ['rc_timestamp'] },
      { name: 'rc_namespace_title_timestamp', columns: ['rc_namespace', 'rc_title', 'rc_timestamp'] },
      { name: 'rc_cur_id', columns: ['rc_cur_id'] },
      { name: 'rc_new_name_timestamp', columns: ['rc_new', 'rc_namespace', 'rc_timestamp'] },
      { name: 'rc_ip', columns: ['rc_ip'] },
      { name: 'rc_ns_actor', columns: ['rc_namespace', 'rc_actor'] },
      { name: 'rc_actor', columns: ['rc_actor', 'rc_timestamp'] },
      { name: 'rc_name_type_patrolled_timestamp', columns: ['rc_namespace', 'rc_type', 'rc_patrolled', 'rc_timestamp'] },
      { name: 'rc_this_oldid', columns: ['rc_this_oldid'] },
    ],
  },
  {
    name: 'redirect',
    columns: [
      'rd_from INTEGER DEFAULT 0 NOT NULL',
      'rd_namespace INTEGER DEFAULT 0 NOT NULL',
      "rd_title BLOB DEFAULT '' NOT NULL",
      'rd_interwiki TEXT DEFAULT NULL',
      'rd_fragment BLOB DEFAULT NULL',
    ],
    primaryKey: ['rd_from'],
    indexes: [
      { name: 'rd_ns_title', columns: ['rd_namespace', 'rd_title', 'rd_from'] },
    ],
  },
  {
    name: 'revision',
    columns: [
      'rev_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL',
      'rev_page INTEGER NOT NULL',
      'rev_comment_id INTEGER DEFAULT 0 NOT NULL',
      'rev_actor INTEGER DEFAULT 0 NOT NULL',
      'rev_timestamp BLOB NOT NULL',
      'rev_minor_edit INTEGER DEFAULT 0 NOT NULL',
      'rev_deleted INTEGER DEFAULT 0 NOT NULL',
      'rev_len INTEGER DEFAULT NULL',
      'rev_parent_id INTEGER DEFAULT NULL',
      "rev_sha1 BLOB DEFAULT '' NOT NULL",
    ],
    indexes: [
      { name: 'rev_timestamp', columns: ['rev_timestamp'] },
      { name: 'rev_page_timestamp', columns: ['rev_page', 'rev_timestamp'] },
      { name: 'rev_actor_timestamp', columns: ['rev_actor', 'rev_timestamp', 'rev_id'] },
      { name: 'rev_page_actor_timestamp', columns: ['rev_page', 'rev_actor', 'rev_timestamp'] },
    ],
  },
  {
    name: 'revision_comment_temp',
    columns: [
      'revcomment_rev INTEGER NOT NULL',
      'revcomment_comment_id INTEGER NOT NULL',
    ],
    primaryKey: ['revcomment_rev', 'revcomment_comment_id'],
    indexes: [
      { name: 'revcomment_rev', unique: true, columns: ['revcomment_rev'] },
    ],
  },
  {
    name: 'site_identifiers',
    columns: [
      'si_type BLOB NOT NULL',
      'si_key BLOB NOT NULL',
      'si_site INTEGER NOT NULL',
    ],
    primaryKey: ['si_type', 'si_key'],
    indexes: [
      { name: 'si_site', columns: ['si_site'] },
      { name: 'si_key', columns: ['si_key'] },
    ],
  },
  {
    name: 'site_stats',
    columns: [
      'ss_row_id INTEGER NOT NULL',
      'ss_total_edits INTEGER DEFAULT NULL',
      'ss_good_articles INTEGER DEFAULT NULL',
      'ss_total_pages INTEGER DEFAULT NULL',
      'ss_users INTEGER DEFAULT NULL',
      'ss_active_users INTEGER DEFAULT NULL',
      'ss_images INTEGER DEFAULT NULL',
    ],
    primaryKey: ['ss_row_id'],
    indexes: [],
  },
  {
    name: 'sites',
    columns: [
      'site_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL',
      'site_global_key BLOB NOT NULL',
      'site_type BLOB NOT NULL',
      'site_group BLOB NOT NULL',
      'site_source BLOB NOT NULL',
      'site_language BLOB NOT NULL',
      'site_protocol BLOB NOT NULL',
      'site_domain TEXT NOT NULL',
      'site_data BLOB NOT NULL',
      'site_forward INTEGER NOT NULL',
      'site_config BLOB NOT NULL',
    ],
    indexes: [
      { name: 'site_global_key', unique: true, columns: ['site_global_key'] },
      { name: 'site_type', columns: ['site_type'] },
      { name: 'site_group', columns: ['site_group'] },
      { name: 'site_source', columns: ['site_source'] },
      { name: 'site_language', columns: ['site_language'] },
      { name: 'site_protocol', columns: ['site_protocol'] },
      { name: 'site_domain', columns: ['site_domain'] },
      { name: 'site_forward', columns: ['site_forward'] },
    ],
  },
  {
    name: 'slot_roles',
    columns: [
      'role_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL',
      'role_name BLOB NOT NULL',
    ],
    indexes: [
      { name: 'role_name', unique: true, columns: ['role_name'] },
    ],
  },
  {
    name: 'slots',
    columns: [
      'slot_revision_id INTEGER NOT NULL',
      'slot_role_id INTEGER NOT NULL',
      'slot_content_id INTEGER NOT NULL',
      'slot_origin INTEGER NOT NULL',
    ],
    primaryKey: ['slot_revision_id', 'slot_role_id'],
    indexes: [
      { name: 'slot_revision_origin_role', columns: ['slot_revision_id', 'slot_origin', 'slot_role_id'] },
    ],
  },
  {
    name: 'templatelinks',
    columns: [
      'tl_from INTEGER DEFAULT 0 NOT NULL',
      'tl_target_id INTEGER NOT NULL',
      'tl_from_namespace INTEGER DEFAULT 0 NOT NULL',
    ],
    primaryKey: ['tl_from', 'tl_target_id'],
    indexes: [
      { name: 'tl_target_id', columns: ['tl_target_id', 'tl_from'] },
      { name: 'tl_backlinks_namespace_target_id', columns: ['tl_from_namespace', 'tl_target_id', 'tl_from'] },
    ],
  },
  {
    name: 'text',
    columns: [
      'old_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL',
      'old_text BLOB NOT NULL',
      'old_flags BLOB NOT NULL',
    ],
    indexes: [],
  },
  {
    name: 'updatelog',
    columns: [
      'ul_key TEXT NOT NULL',
      'ul_value BLOB DEFAULT NULL',
    ],
    primaryKey: ['ul_key'],
    indexes: [],
  },
  {
    name: 'uploadstash',
    columns: [
      'us_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL',
      'us_user INTEGER NOT NULL',
      'us_key TEXT NOT NULL',
      'us_orig_path TEXT NOT NULL',
      'us_path TEXT NOT NULL',
      'us_source_type TEXT DEFAULT NULL',
      'us_timestamp BLOB NOT NULL',
      'us_status TEXT NOT NULL',
      'us_chunk_inx INTEGER DEFAULT NULL',
      'us_props BLOB DEFAULT NULL',
      'us_size INTEGER NOT NULL',
      'us_sha1 TEXT NOT NULL',
      'us_mime TEXT DEFAULT NULL',
      'us_media_type TEXT DEFAULT NULL',
      'us_image_width INTEGER DEFAULT NULL',
      'us_image_height INTEGER DEFAULT NULL',
      'us_image_bits INTEGER DEFAULT NULL',
    ],
    indexes: [
      { name: 'us_user', columns: ['us_user'] },
      { name: 'us_key', unique: true, columns: ['us_key'] },
      { name: 'us_timestamp', columns: ['us_timestamp'] },
    ],
  },
  {
    name: 'user',
    columns: [
      'user_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL',
      "user_name BLOB DEFAULT '' NOT NULL",
      "user_real_name BLOB DEFAULT '' NOT NULL",
      'user_password BLOB NOT NULL',
      'user_newpassword BLOB NOT NULL',
      'user_newpass_time BLOB DEFAULT NULL',
      'user_email CLOB NOT NULL',
      'user_touched BLOB NOT NULL',
      "user_token BLOB DEFAULT '' NOT NULL",
      'user_email_authenticated BLOB DEFAULT NULL',
      'user_email_token BLOB DEFAULT NULL',
      'user_email_token_expires BLOB DEFAULT NULL',
      'user_registration BLOB DEFAULT NULL',
      'user_editcount INTEGER DEFAULT NULL',
      'user_password_expires BLOB DEFAULT NULL',
    ],
    indexes: [
      { name: 'user_name', unique: true, columns: ['user_name'] },
      { name: 'user_email_token', columns: ['user_email_token'] },
      { name: 'user_email', columns: ['user_email'] },
    ],
  },
  {
    name: 'user_autocreate_serial',
    columns: [
      'uas_shard INTEGER NOT NULL',
      'uas_value INTEGER NOT NULL',
    ],
    primaryKey: ['uas_shard'],
    indexes: [],
  },
  {
    name: 'user_former_groups',
    columns: [
      'ufg_user INTEGER DEFAULT 0 NOT NULL',
      "ufg_group BLOB DEFAULT '' NOT NULL",
    ],
    primaryKey: ['ufg_user', 'ufg_group'],
    indexes: [],
  },
  {
    name: 'user_groups',
    columns: [
      'ug_user INTEGER DEFAULT 0 NOT NULL',
      "ug_group BLOB DEFAULT '' NOT NULL",
      'ug_expiry BLOB DEFAULT NULL',
    ],
    primaryKey: ['ug_user', 'ug_group'],
    indexes: [
      { name: 'ug_group', columns: ['ug_group'] },
      { name: 'ug_expiry', columns: ['ug_expiry'] },
    ],
  },
  {
    name: 'user_newtalk',
    columns: [
      'user_id INTEGER DEFAULT 0 NOT NULL',
      "user_ip BLOB DEFAULT '' NOT NULL",
      'user_last_timestamp BLOB DEFAULT NULL',
    ],
    indexes: [
      { name: 'un_user_id', columns: ['user_id'] },
      { name: 'un_user_ip', columns: ['user_ip'] },
    ],
  },
  {
    name: 'user_properties',
    columns: [
      'up_user INTEGER NOT NULL',
      'up_property BLOB NOT NULL',
      'up_value BLOB DEFAULT NULL',
    ],
    primaryKey: ['up_user', 'up_property'],
    indexes: [
      { name: 'up_property', columns: ['up_property'] },
    ],
  },
  {
    name: 'watchlist',
    columns: [
      'wl_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL',
      'wl_user INTEGER NOT NULL',
      'wl_namespace INTEGER DEFAULT 0 NOT NULL',
      "wl_title BLOB DEFAULT '' NOT NULL",
      'wl_notificationtimestamp BLOB DEFAULT NULL',
    ],
    indexes: [
      { name: 'wl_user', unique: true, columns: ['wl_user', 'wl_namespace', 'wl_title'] },
      { name: 'wl_namespace_title', columns: ['wl_namespace', 'wl_title'] },
      { name: 'wl_user_notificationtimestamp', columns: ['wl_user', 'wl_notificationtimestamp'] },
    ],
  },
  {
    name: 'watchlist_expiry',
    columns: [
      'we_item INTEGER NOT NULL',
      'we_expiry BLOB NOT NULL',
    ],
    primaryKey: ['we_item'],
    indexes: [
      { name: 'we_expiry', columns: ['we_expiry'] },
    ],
  },
];

/** MediaWiki's SearchSqlite index: an FTS3 table over normalised titles and texts. */
export const SEARCHINDEX_DDL = 'CREATE VIRTUAL TABLE IF NOT EXISTS "searchindex" USING FTS3(si_title, si_text)';

export function tableDdl(table: TableSpec): string {
  const parts = [...table.columns];
  if (table.primaryKey) parts.push(`PRIMARY KEY(${table.primaryKey.join(', ')})`);
  return `CREATE TABLE IF NOT EXISTS "${table.name}" (\n  ${parts.join(',\n  ')}\n)`;
}

export function indexDdl(table: TableSpec, index: IndexSpec): string {
  const unique = index.unique ? 'UNIQUE ' : '';
  return `CREATE ${unique}INDEX IF NOT EXISTS ${index.name} ON "${table.name}" (${index.columns.join(', ')})`;
}

export interface SchemaOptions {
  /**
   * Create the secondary indexes now (default). A bulk load leaves them out and builds them at
   * the end with createSecondaryIndexes, which is several times faster than maintaining them.
   */
  indexes?: boolean;
}

/** Creates every MediaWiki 1.39 table (and by default its indexes) in an empty database. */
export function createSchema(db: Db, options: SchemaOptions = {}): void {
  db.transaction(() => {
    for (const table of TABLES) db.exec(tableDdl(table));
    db.exec(SEARCHINDEX_DDL);
    if (options.indexes !== false) createSecondaryIndexes(db);
  })();
}

export function createSecondaryIndexes(db: Db): void {
  for (const table of TABLES) {
    for (const index of table.indexes) db.exec(indexDdl(table, index));
  }
}

export function dropSecondaryIndexes(db: Db): void {
  for (const table of TABLES) {
    for (const index of table.indexes) db.exec(`DROP INDEX IF EXISTS ${index.name}`);
  }
}

/** slot_roles and content_models rows in the order MediaWiki's NameTableStore assigns them. */
export const SLOT_ROLES: readonly string[] = ['main'];
export const CONTENT_MODELS: readonly string[] = ['wikitext', 'javascript', 'css', 'json', 'text'];
