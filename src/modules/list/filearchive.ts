// list=filearchive: Enumerate all deleted files sequentially.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { CONT, DIR, limit } from '../../api/params/common.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { continuationTimestamp } from '../../api/query/continuation.ts';
import { setFlag, type ResultObject } from '../../api/result.ts';
import type { ArchivedFileRow, ArchivedFilesQuery } from '../../store/files.ts';
import { formatComments } from '../../wiki/comment-formatter.ts';
import { decodeStoredMetadata, metadataBlobAddresses } from '../../wiki/files-metadata.ts';
import { sha1Base36ToHex, sha1HexToBase36 } from '../../wiki/files.ts';
import { mwToIso } from '../../wiki/timestamps.ts';
import { DELETED_COMMENT, DELETED_FILE, DELETED_RESTRICTED, DELETED_USER, userCanBitfield } from '../../wiki/visibility.ts';
import { metadataList } from '../prop/imageinfo-version.ts';
import { commentContext } from '../prop/revision-shared.ts';
import { titlePartToKey } from './allpages.ts';

const NS_FILE = 6;

const params = {
  from: { type: 'string' },
  to: { type: 'string' },
  prefix: { type: 'string' },
  dir: DIR,
  sha1: { type: 'string' },
  sha1base36: { type: 'string' },
  prop: {
    type: [
      'sha1', 'timestamp', 'user', 'size', 'dimensions', 'description', 'parseddescription',
      'mime', 'mediatype', 'metadata', 'bitdepth', 'archivename',
    ],
    default: 'timestamp',
    multi: true,
  },
  limit: limit(10),
  continue: CONT,
} as const satisfies ParamDecls;

export const filearchive = defineQueryModule({
  prefix: 'fa',
  classname: 'ApiQueryFilearchive',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Filearchive'],
  cacheMode: 'private',
  params,
  itemTag: 'fa',
  execute: listArchivedFiles,
});

type FilearchiveRun = QueryRun<typeof params>;

const SUPPRESSION_RIGHTS = ['suppressrevision', 'viewsuppressed'];

function query(run: FilearchiveRun): ArchivedFilesQuery {
  const p = run.params;
  const rights = run.caller.rights;
  const q: ArchivedFilesQuery = {
    descending: p.dir === 'descending', from: null, to: null, prefix: null, continueAt: null, sha1: null, hiddenMask: 0, limit: p.limit + 1,
  };
  if (p.continue !== undefined) {
    const parts = p.continue.split('|');
    if (parts.length !== 3) run.fail('apierror-badcontinue');
    const id = Number.parseInt(parts[2]!, 10);
    const timestamp = continuationTimestamp(parts[1]!);
    if (String(id) !== parts[2]) run.fail('apierror-badcontinue');
    q.continueAt = { name: parts[0]!, timestamp, id };
  }
  if (p.from !== undefined) q.from = titlePartToKey(run, p.from, NS_FILE);
  if (p.to !== undefined) q.to = titlePartToKey(run, p.to, NS_FILE);
  if (p.prefix !== undefined) q.prefix = titlePartToKey(run, p.prefix, NS_FILE);
  if (p.sha1 !== undefined || p.sha1base36 !== undefined) {
    let sha1: string | null;
    if (p.sha1 !== undefined) {
      const hex = p.sha1.toLowerCase();
      if (!/^[a-f0-9]{40}$/.test(hex)) run.fail('apierror-invalidsha1hash');
      sha1 = sha1HexToBase36(hex);
    } else {
      sha1 = p.sha1base36!.toLowerCase();
      if (!/^[a-z0-9]{31}$/.test(sha1)) run.fail('apierror-invalidsha1base36hash');
    }
    if (sha1) {
      q.sha1 = sha1;
      // Searching by content must not tell which hidden files exist (T19342).
      if (!rights.has('deletedtext')) q.hiddenMask = DELETED_FILE;
      else if (!SUPPRESSION_RIGHTS.some((r) => rights.has(r))) q.hiddenMask = DELETED_FILE | DELETED_RESTRICTED;
    }
  }
  return q;
}

async function listArchivedFiles(run: FilearchiveRun): Promise<void> {
  const prop = new Set<string>(run.params.prop);
  const rights = run.caller.rights;
  const wantsDescription = prop.has('description') || prop.has('parseddescription');
  if (wantsDescription && !rights.has('deletedhistory')) run.fail('apierror-cantview-deleted-description', [], 'permissiondenied');
  if (prop.has('metadata') && !rights.has('deletedtext') && !rights.has('undelete')) {
    run.fail('apierror-cantview-deleted-metadata', [], 'permissiondenied');
  }
  const q = query(run);
  const { store, titles } = run.services;
  const rows = await store.files.archivedFiles(q);
  const limitValue = run.params.limit;
  const continueValue = (row: ArchivedFileRow): string => `${row.fa_name}|${store.storedTimestamp(row.fa_timestamp, 'fa_timestamp')}|${row.fa_id}`;
  if (rows.length > limitValue) run.setContinue('continue', continueValue(rows[limitValue]!));
  const shown = rows.slice(0, limitValue);
  const parsed = prop.has('parseddescription')
    ? await formatComments(commentContext(run), shown.map((r) => ({ comment: r.comment_text, self: { ns: NS_FILE, dbKey: r.fa_name } })))
    : [];
  const blobAddresses = prop.has('metadata') ? [...new Set(shown.flatMap((r) => metadataBlobAddresses(r.fa_metadata)))] : [];
  const blobTexts = blobAddresses.length ? await store.revisions.texts(blobAddresses) : new Map<string, string>();
  for (const [index, row] of shown.entries()) {
    const canSee = (field: number): boolean => userCanBitfield(row.fa_deleted, field, rights);
    const canViewFile = canSee(DELETED_FILE);
    const item: ResultObject = { id: row.fa_id, name: row.fa_name, ns: NS_FILE, title: titles.text(NS_FILE, row.fa_name) };
    if (wantsDescription && canSee(DELETED_COMMENT)) {
      if (prop.has('parseddescription')) item.parseddescription = parsed[index]!;
      item.description = row.comment_text;
    }
    if (prop.has('user') && canSee(DELETED_USER)) {
      item.userid = row.actor_user ?? 0;
      item.user = row.actor_name;
    }
    if (prop.has('sha1') && canViewFile) item.sha1 = sha1Base36ToHex(row.fa_sha1);
    if (prop.has('timestamp')) item.timestamp = mwToIso(row.fa_timestamp);
    // The sizes are shown as the database returns them (strings), as MediaWiki copies them.
    if ((prop.has('size') || prop.has('dimensions')) && canViewFile) {
      item.size = String(row.fa_size);
      item.height = String(row.fa_height);
      item.width = String(row.fa_width);
    }
    if (prop.has('mediatype') && canViewFile) item.mediatype = row.fa_media_type;
    if (prop.has('metadata') && canViewFile) {
      const metadata = decodeStoredMetadata(row.fa_metadata, blobTexts).data;
      item.metadata = row.fa_metadata && row.fa_metadata !== '0' ? metadataList(metadata) : null;
    }
    if (prop.has('bitdepth') && canViewFile) item.bitdepth = String(row.fa_bits);
    if (prop.has('mime') && canViewFile) item.mime = `${row.fa_major_mime}/${row.fa_minor_mime}`;
    if (prop.has('archivename') && row.fa_archive_name !== null) item.archivename = row.fa_archive_name;
    if (row.fa_deleted & DELETED_FILE) setFlag(item, 'filehidden', true);
    if (row.fa_deleted & DELETED_COMMENT) setFlag(item, 'commenthidden', true);
    if (row.fa_deleted & DELETED_USER) setFlag(item, 'userhidden', true);
    if (row.fa_deleted & DELETED_RESTRICTED) setFlag(item, 'suppressed', true);
    if (!run.addItem(item)) {
      run.setContinue('continue', continueValue(row));
      break;
    }
  }
}
