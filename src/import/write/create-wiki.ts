// A new wiki, made the way MediaWiki's installer makes one: the schema, the installer's rows, the
// system user and a Main Page whose links and search text are written as its first edit writes them.

import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { CONTENT_MODELS, createSchema, SLOT_ROLES } from '../../store/sqlite/schema.ts';
import { dateToMw } from '../../wiki/timestamps.ts';
import { sha1Base36 } from './hashes.ts';
import { InterwikiTable } from '../interwiki.ts';
import { buildSearchIndex, LinkBuilder } from '../links/link-builder.ts';
import { defaultNamespaces, NamespaceTable, TitleCodec } from '../title.ts';

type Db = Database.Database;

/**
 * The installer's interwiki table (maintenance/interwiki.list): prefix, url, local, api.
 * Embedded so that a fresh clone creates the same wiki without a MediaWiki install around.
 */
export const DEFAULT_INTERWIKI: ReadonlyArray<readonly [string, string, number, string]> = [
  ['acronym', 'https://www.acronymfinder.com/~/search/af.aspx?string=exact&Acronym=$1', 0, ''],
  ['advogato', 'http://www.advogato.org/$1', 0, ''],
  ['arxiv', 'https://www.arxiv.org/abs/$1', 0, ''],
  ['c2find', 'http://c2.com/cgi/wiki?FindPage&value=$1', 0, ''],
  ['cache', 'https://www.google.com/search?q=cache:$1', 0, ''],
  ['commons', 'https://commons.wikimedia.org/wiki/$1', 0, 'https://commons.wikimedia.org/w/api.php'],
  ['dictionary', 'http://www.dict.org/bin/Dict?Database=*&Form=Dict1&Strategy=*&Query=$1', 0, ''],
  ['doi', 'https://dx.doi.org/$1', 0, ''],
  ['drumcorpswiki', 'http://www.drumcorpswiki.com/$1', 0, 'http://drumcorpswiki.com/api.php'],
  ['dwjwiki', 'http://www.suberic.net/cgi-bin/dwj/wiki.cgi?$1', 0, ''],
  ['elibre', 'http://enciclopedia.us.es/index.php/$1', 0, 'http://enciclopedia.us.es/api.php'],
  ['emacswiki', 'https://www.emacswiki.org/emacs/$1', 0, ''],
  ['foldoc', 'https://foldoc.org/?$1', 0, ''],
  ['foxwiki', 'https://fox.wikis.com/wc.dll?Wiki~$1', 0, ''],
  ['freebsdman', 'https://www.FreeBSD.org/cgi/man.cgi?apropos=1&query=$1', 0, ''],
  ['gentoo-wiki', 'http://gentoo-wiki.com/$1', 0, ''],
  ['google', 'https://www.google.com/search?q=$1', 0, ''],
  ['googlegroups', 'https://groups.google.com/groups?q=$1', 0, ''],
  ['hammondwiki', 'http://www.dairiki.org/HammondWiki/$1', 0, ''],
  ['hrwiki', 'http://www.hrwiki.org/wiki/$1', 0, 'http://www.hrwiki.org/w/api.php'],
  ['imdb', 'http://www.imdb.com/find?q=$1&tt=on', 0, ''],
  ['kmwiki', 'https://kmwiki.wikispaces.com/$1', 0, ''],
  ['linuxwiki', 'http://linuxwiki.de/$1', 0, ''],
  ['lojban', 'https://mw.lojban.org/papri/$1', 0, ''],
  ['lqwiki', 'http://wiki.linuxquestions.org/wiki/$1', 0, ''],
  ['meatball', 'http://meatballwiki.org/wiki/$1', 0, ''],
  ['mediawikiwiki', 'https://www.mediawiki.org/wiki/$1', 0, 'https://www.mediawiki.org/w/api.php'],
  ['memoryalpha', 'http://en.memory-alpha.org/wiki/$1', 0, 'http://en.memory-alpha.org/api.php'],
  ['metawiki', 'http://sunir.org/apps/meta.pl?$1', 0, ''],
  ['metawikimedia', 'https://meta.wikimedia.org/wiki/$1', 0, 'https://meta.wikimedia.org/w/api.php'],
  ['mozillawiki', 'https://wiki.mozilla.org/$1', 0, 'https://wiki.mozilla.org/api.php'],
  ['mw', 'https://www.mediawiki.org/wiki/$1', 0, 'https://www.mediawiki.org/w/api.php'],
  ['oeis', 'https://oeis.org/$1', 0, ''],
  ['openwiki', 'http://openwiki.com/ow.asp?$1', 0, ''],
  ['pmid', 'https://www.ncbi.nlm.nih.gov/pubmed/$1?dopt=Abstract', 0, ''],
  ['pythoninfo', 'https://wiki.python.org/moin/$1', 0, ''],
  ['rfc', 'https://tools.ietf.org/html/rfc$1', 0, ''],
  ['s23wiki', 'http://s23.org/wiki/$1', 0, 'http://s23.org/w/api.php'],
  ['seattlewireless', 'http://seattlewireless.net/$1', 0, ''],
  ['senseislibrary', 'https://senseis.xmp.net/?$1', 0, ''],
  ['shoutwiki', 'http://www.shoutwiki.com/wiki/$1', 0, 'http://www.shoutwiki.com/w/api.php'],
  ['squeak', 'http://wiki.squeak.org/squeak/$1', 0, ''],
  ['tmbw', 'http://www.tmbw.net/wiki/$1', 0, 'http://tmbw.net/wiki/api.php'],
  ['tmnet', 'http://www.technomanifestos.net/?$1', 0, ''],
  ['theopedia', 'https://www.theopedia.com/$1', 0, ''],
  ['twiki', 'http://twiki.org/cgi-bin/view/$1', 0, ''],
  ['uncyclopedia', 'https://en.uncyclopedia.co/wiki/$1', 0, 'https://en.uncyclopedia.co/w/api.php'],
  ['unreal', 'https://wiki.beyondunreal.com/$1', 0, 'https://wiki.beyondunreal.com/w/api.php'],
  ['usemod', 'http://www.usemod.com/cgi-bin/wiki.pl?$1', 0, ''],
  ['wiki', 'http://c2.com/cgi/wiki?$1', 0, ''],
  ['wikia', 'http://www.wikia.com/wiki/$1', 0, ''],
  ['wikibooks', 'https://en.wikibooks.org/wiki/$1', 0, 'https://en.wikibooks.org/w/api.php'],
  ['wikidata', 'https://www.wikidata.org/wiki/$1', 0, 'https://www.wikidata.org/w/api.php'],
  ['wikif1', 'http://www.wikif1.org/$1', 0, ''],
  ['wikihow', 'https://www.wikihow.com/$1', 0, 'https://www.wikihow.com/api.php'],
  ['wikinfo', 'http://wikinfo.co/English/index.php/$1', 0, ''],
  ['wikimedia', 'https://foundation.wikimedia.org/wiki/$1', 0, 'https://foundation.wikimedia.org/w/api.php'],
  ['wikinews', 'https://en.wikinews.org/wiki/$1', 0, 'https://en.wikinews.org/w/api.php'],
  ['wikipedia', 'https://en.wikipedia.org/wiki/$1', 0, 'https://en.wikipedia.org/w/api.php'],
  ['wikiquote', 'https://en.wikiquote.org/wiki/$1', 0, 'https://en.wikiquote.org/w/api.php'],
  ['wikisource', 'https://wikisource.org/wiki/$1', 0, 'https://wikisource.org/w/api.php'],
  ['wikispecies', 'https://species.wikimedia.org/wiki/$1', 0, 'https://species.wikimedia.org/w/api.php'],
  ['wikiversity', 'https://en.wikiversity.org/wiki/$1', 0, 'https://en.wikiversity.org/w/api.php'],
  ['wikivoyage', 'https://en.wikivoyage.org/wiki/$1', 0, 'https://en.wikivoyage.org/w/api.php'],
  ['wikt', 'https://en.wiktionary.org/wiki/$1', 0, 'https://en.wiktionary.org/w/api.php'],
  ['wiktionary', 'https://en.wiktionary.org/wiki/$1', 0, 'https://en.wiktionary.org/w/api.php'],
];

/** The system user that owns the installer's edits (User::newSystemUser). */
export const DEFAULT_SYSTEM_USER = 'MediaWiki default';

/** MediaWiki's installer messages `mainpagetext` and `mainpagedocfooter` (en), joined as it joins them. */
export const DEFAULT_MAIN_PAGE_TEXT =
  '<strong>MediaWiki has been installed.</strong>\n\n' +
  "Consult the [https://www.mediawiki.org/wiki/Special:MyLanguage/Help:Contents User's Guide] " +
  'for information on using the wiki software.\n\n' +
  '== Getting started ==\n' +
  '* [https://www.mediawiki.org/wiki/Special:MyLanguage/Manual:Configuration_settings Configuration settings list]\n' +
  '* [https://www.mediawiki.org/wiki/Special:MyLanguage/Manual:FAQ MediaWiki FAQ]\n' +
  '* [https://lists.wikimedia.org/postorius/lists/mediawiki-announce.lists.wikimedia.org/ MediaWiki release mailing list]\n' +
  '* [https://www.mediawiki.org/wiki/Special:MyLanguage/Localisation#Translation_resources Localise MediaWiki for your language]\n' +
  '* [https://www.mediawiki.org/wiki/Special:MyLanguage/Manual:Combating_spam Learn how to combat spam on your wiki]';

/** Fills the rows MediaWiki's installer writes before any page exists. */
export function insertInstallerDefaults(db: Db): void {
  const role = db.prepare('INSERT OR IGNORE INTO slot_roles (role_id, role_name) VALUES (?, ?)');
  SLOT_ROLES.forEach((name, i) => role.run(i + 1, name));
  const model = db.prepare('INSERT OR IGNORE INTO content_models (model_id, model_name) VALUES (?, ?)');
  CONTENT_MODELS.forEach((name, i) => model.run(i + 1, name));
  const iw = db.prepare(
    "INSERT OR IGNORE INTO interwiki (iw_prefix, iw_url, iw_api, iw_wikiid, iw_local, iw_trans) VALUES (?, ?, ?, '', ?, 0)",
  );
  for (const [prefix, url, local, api] of DEFAULT_INTERWIKI) iw.run(prefix, url, api, local);
  db.prepare(
    'INSERT OR IGNORE INTO site_stats (ss_row_id, ss_total_edits, ss_good_articles, ss_total_pages, ss_users, ss_active_users, ss_images) VALUES (1, 0, 0, 0, 0, 0, 0)',
  ).run();
  // The empty comment is row 1 in every MediaWiki database: edits without a summary point to it.
  db.prepare("INSERT OR IGNORE INTO comment (comment_id, comment_hash, comment_text, comment_data) VALUES (1, 0, '', NULL)").run();
}

export interface CreateWikiOptions {
  siteName?: string;
  mainPageText?: string;
  /** Title of the first page; MediaWiki's default `Main Page`. */
  mainPageTitle?: string;
  now?: Date;
}

/**
 * Writes a new SQLite wiki at `path` as MediaWiki's installer leaves it: the schema, the
 * installer's rows, the `MediaWiki default` system user and a Main Page with its creation logged.
 * Written to `<path>.tmp` and renamed, so a crash never leaves a half-made wiki behind.
 */
export function createWiki(path: string, options: CreateWikiOptions = {}): void {
  if (existsSync(path)) throw new Error(`createWiki: ${path} already exists`);
  const tmp = `${path}.tmp`;
  rmSync(tmp, { force: true });
  const db = new Database(tmp);
  try {
    db.pragma('journal_mode = DELETE');
    createSchema(db);
    db.transaction(() => {
      insertInstallerDefaults(db);
      insertMainPage(db, options);
    })();
    linkMainPage(db, options.siteName ?? 'MediaWiki');
  } finally {
    db.close();
  }
  renameSync(tmp, path);
  if (options.siteName) {
    writeFileSync(`${path}.config.json`, JSON.stringify({ siteName: options.siteName }, null, 2) + '\n');
  }
}

function insertMainPage(db: Db, options: CreateWikiOptions): void {
  const now = dateToMw(options.now ?? new Date());
  const text = options.mainPageText ?? DEFAULT_MAIN_PAGE_TEXT;
  const title = (options.mainPageTitle ?? 'Main Page').replace(/ /g, '_');
  const len = Buffer.byteLength(text);
  const sha1 = sha1Base36(text);
  const userId = 1;
  db.prepare(
    `INSERT INTO user (user_id, user_name, user_real_name, user_password, user_newpassword, user_email,
       user_touched, user_token, user_registration, user_editcount)
     VALUES (?, ?, '', '', '', '', ?, '*** INVALID ***', ?, 1)`,
  ).run(userId, DEFAULT_SYSTEM_USER, now, now);
  const actorId = Number(
    db.prepare('INSERT INTO actor (actor_user, actor_name) VALUES (?, ?)').run(userId, DEFAULT_SYSTEM_USER).lastInsertRowid,
  );
  const textId = Number(db.prepare("INSERT INTO text (old_text, old_flags) VALUES (?, 'utf-8')").run(text).lastInsertRowid);
  const contentId = Number(
    db
      .prepare('INSERT INTO content (content_size, content_sha1, content_model, content_address) VALUES (?, ?, 1, ?)')
      .run(len, sha1, `tt:${textId}`).lastInsertRowid,
  );
  const pageId = 1;
  const revId = 1;
  db.prepare(
    `INSERT INTO page (page_id, page_namespace, page_title, page_is_redirect, page_is_new, page_random, page_touched,
       page_links_updated, page_latest, page_len, page_content_model, page_lang)
     VALUES (?, 0, ?, 0, 1, ?, ?, ?, ?, ?, 'wikitext', NULL)`,
  ).run(pageId, title, Math.random(), now, now, revId, len);
  db.prepare(
    `INSERT INTO revision (rev_id, rev_page, rev_comment_id, rev_actor, rev_timestamp, rev_minor_edit, rev_deleted,
       rev_len, rev_parent_id, rev_sha1) VALUES (?, ?, 0, ?, ?, 0, 0, ?, 0, ?)`,
  ).run(revId, pageId, actorId, now, len, sha1);
  db.prepare('INSERT INTO revision_comment_temp (revcomment_rev, revcomment_comment_id) VALUES (?, 1)').run(revId);
  db.prepare('INSERT INTO slots (slot_revision_id, slot_role_id, slot_content_id, slot_origin) VALUES (?, 1, ?, ?)').run(
    revId,
    contentId,
    revId,
  );
  db.prepare(
    `INSERT INTO logging (log_type, log_action, log_timestamp, log_actor, log_namespace, log_title, log_page,
       log_comment_id, log_params, log_deleted) VALUES ('create', 'create', ?, ?, 0, ?, ?, 1, ?, 0)`,
  ).run(now, actorId, title, pageId, `a:1:{s:17:"associated_rev_id";i:${revId};}`);
  db.prepare(
    `INSERT INTO recentchanges (rc_timestamp, rc_actor, rc_namespace, rc_title, rc_comment_id, rc_minor, rc_bot, rc_new,
       rc_cur_id, rc_this_oldid, rc_last_oldid, rc_type, rc_source, rc_patrolled, rc_ip, rc_old_len, rc_new_len,
       rc_deleted, rc_logid) VALUES (?, ?, 0, ?, 1, 0, 0, 1, ?, ?, 0, 1, 'mw.new', 0, '127.0.0.1', 0, ?, 0, 0)`,
  ).run(now, actorId, title, pageId, revId, len);
  db.prepare('UPDATE site_stats SET ss_total_edits = 1, ss_total_pages = 1, ss_users = 1 WHERE ss_row_id = 1').run();
}

/** The installer's edit runs LinksUpdate and SearchUpdate: the Main Page's external links and search text. */
function linkMainPage(db: Db, siteName: string): void {
  const interwiki = InterwikiTable.fromDatabase(db);
  const codec = new TitleCodec(new NamespaceTable(defaultNamespaces(siteName.replace(/_/g, ' '))), interwiki);
  const builder = new LinkBuilder(db, db, {
    codec,
    site: {
      siteName,
      server: '',
      scriptPath: '',
      articlePath: '/$1',
      lang: 'en',
      subpageNamespaces: new Set([1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 15]),
      contentNamespaces: new Set([0]),
    },
    isLanguagePrefix: (prefix) => interwiki.isLanguage(prefix),
    trackingCategory: () => null,
  });
  builder.run();
  buildSearchIndex(db, db, { after: 0, upTo: Number.MAX_SAFE_INTEGER });
  db.exec('UPDATE page SET page_links_updated = page_touched');
}
