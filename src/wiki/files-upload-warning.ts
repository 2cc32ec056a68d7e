// The warning MediaWiki 1.39 would give before an upload under a file's name
// (UploadBase::getExistsWarning, shown by SpecialUpload::getExistsWarning): which warning applies,
// and its HTML as the parser renders the messages (links, and the `[[File:X|thumb]]` frame).
import { DEFAULT_THUMB_SIZE, filePath, isThumbName, normalizeExtension, responsiveUrls, transform, type ImageFacts } from './files.ts';
import { articleUrl, phpUrlencode } from './urls.ts';

/** The prefixes of MediaWiki:Filename-prefix-blacklist's default text, in its order. */
export const DEFAULT_BAD_FILENAME_PREFIXES = ['CIMG', 'DSC_', 'DSCF', 'DSCN', 'DUW', 'IMG', 'JD', 'MGP', 'PICT'] as const;

/** A file a warning shows (a current version). */
export interface WarningFile extends ImageFacts {
  /** Prefixed text (`File:Red square.png`). */
  title: string;
}

export type ExistsWarning =
  | { kind: 'exists'; file: WarningFile }
  | { kind: 'page-exists'; title: string; name: string; fileRedirect: boolean }
  | { kind: 'exists-normalized'; title: string; existing: WarningFile }
  | { kind: 'thumb'; title: string; thumbFile: WarningFile }
  | { kind: 'thumb-name'; badPart: string }
  | { kind: 'bad-prefix'; prefix: string };

/** What deciding the warning needs to look up. */
export interface ExistsWarningLookup {
  /** The current version of a file by DB key, or null. */
  file(name: string): Promise<WarningFile | null>;
  /** The first current file name (byte order) starting with `prefix`, or null. */
  firstWithPrefix(prefix: string): Promise<string | null>;
}

/**
 * UploadBase::getExistsWarning for a file that does not exist (`name` is its DB key): a page of
 * that name, the same name with another extension, a thumbnail-like name, a camera's prefix.
 */
export async function missingFileWarning(
  name: string,
  title: string,
  page: { exists: boolean; fileRedirect: boolean },
  lookup: ExistsWarningLookup,
  badPrefixes: readonly string[] = DEFAULT_BAD_FILENAME_PREFIXES,
): Promise<ExistsWarning | null> {
  if (page.exists) return { kind: 'page-exists', title, name, fileRedirect: page.fileRedirect };
  const dot = name.lastIndexOf('.');
  const partName = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot + 1) : '';
  const normalized = normalizeExtension(extension);
  if (normalized !== extension) {
    const other = await lookup.file(`${partName}.${normalized}`);
    if (other) return { kind: 'exists-normalized', title, existing: other };
  }
  const similar = await lookup.firstWithPrefix(`${partName}.`);
  if (similar !== null) {
    const other = await lookup.file(similar);
    if (other) return { kind: 'exists-normalized', title, existing: other };
  }
  if (isThumbName(name)) {
    const original = `${partName.slice(partName.indexOf('-') + 1)}.${extension}`;
    const thumbFile = await lookup.file(original.charAt(0).toUpperCase() + original.slice(1));
    if (thumbFile) return { kind: 'thumb', title, thumbFile };
    return { kind: 'thumb-name', badPart: name.slice(0, name.indexOf('-') + 1) };
  }
  for (const prefix of badPrefixes) if (partName.startsWith(prefix)) return { kind: 'bad-prefix', prefix };
  return null;
}

/** The site settings the HTML needs. */
export interface WarningSite {
  server: string;
  articlePath: string;
  scriptPath: string;
  uploadPath: string;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function pageHref(site: WarningSite, title: string): string {
  return escapeHtml(articleUrl(site, title.replace(/ /g, '_')));
}

function selfLink(title: string): string {
  return `<a class="mw-selflink selflink">${escapeHtml(title)}</a>`;
}

function pageLink(site: WarningSite, title: string): string {
  return `<a href="${pageHref(site, title)}" title="${escapeHtml(title)}">${escapeHtml(title)}</a>`;
}

/** Html::srcSet: one URL per density, the lowest density kept for a URL given twice. */
function srcSet(urls: Map<string, string>): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const [density, url] of [...urls].sort((a, b) => Number(a[0]) - Number(b[0]))) {
    if (seen.has(url)) continue;
    seen.add(url);
    parts.push(`${url} ${density}x`);
  }
  return parts.join(', ');
}

/** `[[File:X|thumb]]` of an existing file, as the parser frames it at the default size. */
export function thumbFrame(site: WarningSite, file: WarningFile): string {
  const repo = { uploadPath: site.uploadPath };
  const vectorized = file.mime === 'image/svg+xml';
  const width = file.width <= 0 || DEFAULT_THUMB_SIZE < file.width || vectorized ? DEFAULT_THUMB_SIZE : file.width;
  const thumb = transform(repo, file, { width });
  const href = pageHref(site, file.title);
  const alt = escapeHtml(file.title.slice(file.title.indexOf(':') + 1));
  if (!thumb) return '';
  if (thumb.error) {
    return (
      `<div class="thumb tright"><div class="thumbinner" style="width:${thumb.width + 2}px;">` +
      `<div class="MediaTransformError" style="width: ${thumb.width}px; height: ${thumb.height}px; display:inline-block;">${escapeHtml(thumb.error)}</div>` +
      `  <div class="thumbcaption"><div class="magnify"><a href="${href}" class="internal" title="Enlarge"></a></div></div></div></div>`
    );
  }
  const shown = thumb;
  const responsive = responsiveUrls(repo, file, thumb, { width }, false);
  const srcset = responsive.size ? ` srcset="${escapeHtml(srcSet(responsive))}"` : '';
  const src = thumb.isOriginal ? filePath(repo, file.name) : thumb.url;
  return (
    `<div class="thumb tright"><div class="thumbinner" style="width:${shown.width + 2}px;">` +
    `<a href="${href}" class="image"><img alt="${alt}" src="${escapeHtml(src)}" decoding="async" width="${shown.width}" height="${shown.height}" class="thumbimage"${srcset} /></a>` +
    `  <div class="thumbcaption"><div class="magnify"><a href="${href}" class="internal" title="Enlarge"></a></div></div></div></div>`
  );
}

/**
 * `[[File:X|thumb]]` of a file that does not exist: a link to upload it, or to the page when it
 * redirects to another file (Linker::makeBrokenImageLinkObj).
 */
function missingThumbFrame(site: WarningSite, title: string, name: string, fileRedirect: boolean): string {
  const link = fileRedirect
    ? `<a href="${pageHref(site, title)}" class="mw-redirect" title="${escapeHtml(title)}">${escapeHtml(title)}</a>`
    : `<a href="${escapeHtml(`${site.scriptPath}/index.php?title=Special:Upload&wpDestFile=${phpUrlencode(name)}`)}" class="new" title="${escapeHtml(title)}">${escapeHtml(title)}</a>`;
  return `<div class="thumb tright"><div class="thumbinner" style="width:182px;">${link}  <div class="thumbcaption"></div></div></div>`;
}

/** SpecialUpload::getExistsWarning: the warning's message parsed as a block; '' without one. */
export function existsWarningHtml(site: WarningSite, warning: ExistsWarning | null): string {
  if (warning === null) return '';
  switch (warning.kind) {
    case 'exists':
      return (
        `<p>A file with this name exists already, please check <strong>${selfLink(warning.file.title)}</strong> ` +
        'if you are not sure if you want to overwrite it.\n</p>\n' +
        thumbFrame(site, warning.file)
      );
    case 'page-exists':
      return (
        `<p>The description page for this file has already been created at <strong>${selfLink(warning.title)}</strong>, ` +
        'but no file with this name currently exists.\nThe summary you enter will not appear on the description page.\n' +
        'To make your summary appear there, you will need to manually edit it.\n</p>\n' +
        missingThumbFrame(site, warning.title, warning.name, warning.fileRedirect)
      );
    case 'exists-normalized':
      return (
        `<p>A file with a similar name exists: </p>${thumbFrame(site, warning.existing)}\n` +
        `<ul><li>Name of the uploading file: <strong>${selfLink(warning.title)}</strong></li>\n` +
        `<li>Name of the existing file: <strong>${pageLink(site, warning.existing.title)}</strong></li></ul>\n` +
        '<p>Do you perhaps want to use a more distinctive name?\n</p>'
      );
    case 'thumb':
      return (
        '<p>The file seems to be an image of reduced size <em>(thumbnail)</em>.\n</p>\n' +
        `${thumbFrame(site, warning.thumbFile)}\n` +
        `<p>Please check the file <strong>${pageLink(site, warning.thumbFile.title)}</strong>.\n` +
        'If the checked file is the same image of original size it is not necessary to upload an extra thumbnail.\n</p>'
      );
    case 'thumb-name':
      return (
        `The filename begins with <strong>${escapeHtml(warning.badPart)}</strong>.\n` +
        'It seems to be an image of reduced size <em>(thumbnail)</em>.\n' +
        'If you have this image in full resolution upload this one, otherwise change the filename please.'
      );
    case 'bad-prefix':
      return (
        `The name of the file you are uploading begins with <strong>"${escapeHtml(warning.prefix)}"</strong>, ` +
        'which is a non-descriptive name typically assigned automatically by digital cameras.\n' +
        'Please choose a more descriptive name for your file.'
      );
  }
}

