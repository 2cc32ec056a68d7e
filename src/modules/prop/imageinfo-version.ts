// One version of a file as prop=imageinfo (and the modules that share its iiprop values) shows it:
// ApiQueryImageInfo::getInfo's fields, in its order, hidden as the caller's rights require.
import type { QueryRun } from '../../api/query/run.ts';
import { list, setFlag, setFloat, setType, type ResultList, type ResultMap, type ResultNode, type ResultObject } from '../../api/result.ts';
import type { FileVersionRow } from '../../store/files.ts';
import { formatComments } from '../../wiki/comment-formatter.ts';
import { commonMetadata, convertMetadataVersion, decodeStoredMetadata, mediaLength, metadataBlobAddresses, PhpFloat, type PhpArray, type PhpValue } from '../../wiki/files-metadata.ts';
import { existsWarningHtml, type ExistsWarning } from '../../wiki/files-upload-warning.ts';
import { handlerKind, responsiveUrls, sha1Base36ToHex, thumbType, transform, versionPath, type ImageFacts, type ThumbParams } from '../../wiki/files.ts';
import { expandUrl, fullUrl } from '../../wiki/urls.ts';
import { mwToIso } from '../../wiki/timestamps.ts';
import { DELETED_COMMENT, DELETED_FILE, DELETED_USER, userCanBitfield } from '../../wiki/visibility.ts';
import { DeletedFields } from '../deleted-fields.ts';
import { commentContext } from './revision-shared.ts';

const NS_FILE = 6;

/** A version to show: a row, or a file that does not exist (uploadwarning and badfile ask about those). */
export interface ShownVersion {
  /** null: the file does not exist. */
  row: FileVersionRow | null;
  /** The file's own title (a redirect's target), DB key without namespace. */
  name: string;
  /** The page id of the file's description page, 0 when it has none. */
  pageId: number;
  /** The upload warning for the title, computed by the caller when `uploadwarning` is asked for. */
  warning?: ExistsWarning | null;
}

export interface InfoOptions {
  prop: ReadonlySet<string>;
  metadataVersion: string;
  extMetadataFilter: readonly string[] | undefined;
  /** Texts of the metadata items kept in the text table, by address (metadataBlobTexts). */
  blobTexts?: ReadonlyMap<string, string>;
}

/** The texts of the metadata items the versions keep in the text table, when the props read metadata. */
export async function metadataBlobTexts(run: QueryRun, prop: ReadonlySet<string>, rows: readonly (FileVersionRow | null)[]): Promise<Map<string, string>> {
  if (!['metadata', 'commonmetadata', 'size', 'dimensions'].some((p) => prop.has(p))) return new Map();
  const addresses = rows.flatMap((row) => (row ? metadataBlobAddresses(row.metadata) : []));
  return addresses.length ? run.services.store.revisions.texts([...new Set(addresses)]) : new Map();
}

export function mimeOf(row: FileVersionRow): string {
  return `${row.major_mime}/${row.minor_mime}`;
}

export function imageFacts(row: FileVersionRow): ImageFacts {
  return { name: row.name, width: row.width, height: row.height, mime: mimeOf(row), archiveName: row.archive_name };
}

/** ApiQueryImageInfo::processMetaData: `[{name, value}]`, nested the same way. */
export function metadataList(metadata: PhpArray): ResultList {
  const out: ResultNode[] = [];
  for (const [key, value] of metadata) {
    const item: ResultObject = { name: key };
    setMetadataValue(item, value);
    out.push(item);
  }
  return list('metadata', out);
}

function setMetadataValue(item: ResultObject, value: PhpValue): void {
  if (value instanceof Map) item.value = metadataList(value);
  else if (value instanceof PhpFloat) setFloat(item, 'value', value.value);
  else item.value = value;
}

/** FormatMetadata::fetchExtendedMetadata for a local file: the upload time and the name. */
function extendedMetadata(run: QueryRun, version: ShownVersion, filter: readonly string[] | undefined): ResultObject {
  const row = version.row!;
  const text = run.services.titles.toText(version.name);
  const dot = text.lastIndexOf('.');
  const fields: [string, string][] = [
    ['DateTime', mwToIso(row.timestamp)],
    ['ObjectName', dot > 0 ? text.slice(0, dot) : text],
  ];
  const out: ResultObject = {};
  for (const [key, value] of fields) {
    if (filter && filter.length && !filter.includes(key)) continue;
    out[key] = { value, source: 'mediawiki-metadata', hidden: '' };
  }
  return out;
}

/** The transforms made in this request (ApiQueryImageInfo::$transformCount): at most 50 per request. */
export class TransformCounter {
  count = 0;
  static readonly LIMIT = 50;
}

/** Parsed comments of the versions to show, made in one batch. */
export async function parsedComments(run: QueryRun, versions: readonly ShownVersion[]): Promise<Map<ShownVersion, string>> {
  const shown = versions.filter((v) => v.row !== null);
  const html = await formatComments(
    commentContext(run),
    shown.map((v) => ({ comment: v.row!.comment_text, self: { ns: NS_FILE, dbKey: v.name } })),
  );
  return new Map(shown.map((v, i) => [v, html[i]!]));
}

/** ApiQueryImageInfo::getInfo. */
export function versionInfo(
  run: QueryRun,
  version: ShownVersion,
  options: InfoOptions,
  thumbParams: ThumbParams | null,
  counter: TransformCounter,
  parsedComment: string | undefined,
): ResultObject {
  const { prop } = options;
  const { site, titles } = run.services;
  // MediaWiki reuses the variable that says whether `mime` was asked for to hold the thumbnail's
  // type, so a thumbnail's type brings the file's type with it.
  let showMime = prop.has('mime');
  const row = version.row;
  const exists = row !== null;
  const deleted = row?.deleted ?? 0;
  const vals: ResultObject = {};
  setType(vals, 'assoc');
  const hidden = new DeletedFields(vals, deleted, userCanBitfield, run.caller.rights);

  if (prop.has('timestamp') && exists) vals.timestamp = mwToIso(row.timestamp);
  if ((prop.has('user') || prop.has('userid')) && exists && hidden.visible(DELETED_USER, 'user')) {
    if (prop.has('user')) vals.user = row.actor_name;
    if (prop.has('userid')) vals.userid = row.actor_user ?? 0;
    if (row.actor_user === null || row.actor_user === 0) setFlag(vals, 'anon', true);
  }
  if ((prop.has('size') || prop.has('dimensions')) && exists) {
    vals.size = row.size;
    vals.width = row.width;
    vals.height = row.height;
    const length = mediaLength(decodeStoredMetadata(row.metadata, options.blobTexts).data, mimeOf(row));
    if (length) setFloat(vals, 'duration', length);
  }
  if ((prop.has('parsedcomment') || prop.has('comment')) && exists && hidden.visible(DELETED_COMMENT, 'comment')) {
    if (prop.has('parsedcomment')) vals.parsedcomment = parsedComment ?? '';
    if (prop.has('comment')) vals.comment = row.comment_text;
  }
  if (prop.has('uploadwarning')) vals.html = existsWarningHtml(site, version.warning ?? null);
  hidden.hide('file', (deleted & DELETED_FILE) !== 0);
  hidden.flagSuppressed();
  // A hidden file version shows nothing more, even to callers allowed to see it.
  if (deleted & DELETED_FILE) return vals;

  const fileTitle = titles.text(NS_FILE, version.name);
  if (prop.has('canonicaltitle')) vals.canonicaltitle = fileTitle;
  if (prop.has('url')) {
    if (exists) {
      const repo = { uploadPath: site.uploadPath };
      const image = imageFacts(row);
      if (thumbParams !== null) {
        const thumb = transform(repo, image, thumbParams);
        counter.count++;
        if (thumb?.error) {
          vals.thumberror = thumb.error;
        } else if (thumb) {
          vals.thumburl = expandUrl(site, thumb.url);
          vals.thumbwidth = thumb.isOriginal ? row.width : thumb.width;
          vals.thumbheight = thumb.isOriginal ? row.height : thumb.height;
          if (prop.has('thumbmime') && handlerKind(image.mime) !== null) {
            vals.thumbmime = thumbType(row.name, image.mime).mime;
            showMime = true;
          }
          const responsive = responsiveUrls(repo, image, thumb, {
            ...thumbParams,
            width: vals.thumbwidth as number,
            height: vals.thumbheight as number,
          });
          if (responsive.size) {
            const urls: ResultMap = new Map([...responsive].map(([density, url]) => [density, expandUrl(site, url)]));
            setType(urls, 'assoc');
            vals.responsiveUrls = urls;
          }
        } else {
          vals.thumberror = 'Error creating thumbnail: Invalid thumbnail parameters';
        }
      }
      vals.url = expandUrl(site, versionPath(repo, image));
    }
    vals.descriptionurl = fullUrl(site, fileTitle.replace(/ /g, '_'));
    if (version.pageId) vals.descriptionshorturl = expandUrl(site, `${site.scriptPath}/index.php?curid=${version.pageId}`);
  }
  if (!exists) setFlag(vals, 'filemissing', true);
  if (!exists) return vals;
  const mime = mimeOf(row);
  if (prop.has('sha1')) vals.sha1 = sha1Base36ToHex(row.sha1);
  if (prop.has('metadata') || prop.has('commonmetadata')) {
    const metadata = decodeStoredMetadata(row.metadata, options.blobTexts).data;
    if (prop.has('metadata')) {
      const converted = metadata.size && options.metadataVersion !== 'latest' ? convertMetadataVersion(metadata, mime, options.metadataVersion) : metadata;
      vals.metadata = converted.size ? metadataList(converted) : null;
    }
    if (prop.has('commonmetadata')) {
      const common = commonMetadata(metadata, mime);
      vals.commonmetadata = common.size ? metadataList(common) : list('metadata', []);
    }
  }
  if (prop.has('extmetadata')) vals.extmetadata = extendedMetadata(run, version, options.extMetadataFilter);
  if (showMime) vals.mime = mime;
  if (prop.has('mediatype')) vals.mediatype = row.media_type;
  if (prop.has('archivename') && row.archive_name !== null) vals.archivename = row.archive_name;
  if (prop.has('bitdepth')) vals.bitdepth = row.bits;
  return vals;
}
