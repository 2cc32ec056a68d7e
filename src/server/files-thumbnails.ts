// Thumbnails made on request, as MediaWiki's thumb handler (thumb_handler.php behind a 404) makes
// them: the path names a file version and a thumbnail name, which must be the one MediaWiki would
// give those parameters (src/wiki/files.ts); the image is scaled by sharp (libvips; SVGs rendered
// by librsvg) and kept in a cache directory. Errors are its HTML pages with its statuses and texts.
import { createHash } from 'node:crypto';
import { mkdir, realpath, rename, rm, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import type { Store } from '../store/store.ts';
import type { FileVersionRow } from '../store/files.ts';
import {
  fileHashPath, handlerKind, normaliseThumbParams, parseThumbParamString, thumbName, thumbnailPath, thumbType, transform,
  type ImageFacts, type ThumbParams,
} from '../wiki/files.ts';
import type { SiteConfig } from '../wiki/site.ts';
import type { TitleCodec } from '../wiki/titles.ts';
import { expandUrl } from '../wiki/urls.ts';

const NS_FILE = 6;
/** File::DELETED_FILE: the version's content is hidden. */
const DELETED_FILE = 1;
/** $wgMaxAnimatedGifArea: larger animations are scaled to their first frame. */
const MAX_ANIMATED_GIF_AREA = 12.5e6;
/**
 * A thumbnail with more pixels is not made: an SVG asked for at a huge width is still rendered
 * 5120 pixels on its smaller side ($wgSVGMaxSize), which for a wide drawing is tens of megapixels.
 */
export const MAX_THUMBNAIL_PIXELS = 25e6;
/** How long a failed thumbnail is answered from memory before it is tried again. */
const FAILURE_KEPT_MS = 10_000;
/**
 * Thumbnails made at once by one process: each takes a core (and may take a few hundred
 * megabytes), and half the cores are left to the API.
 */
const RENDERS_AT_ONCE = Math.max(1, Math.floor(availableParallelism() / 2));
/** $wgJpegQuality, and the quality of a `qlow-` thumbnail. */
const JPEG_QUALITY = 80;
const JPEG_LOW_QUALITY = 30;
const SHARPEN_REDUCTION_THRESHOLD = 0.85;

const BAD_TITLE = 'The requested page title was invalid, empty, or an incorrectly linked inter-language or inter-wiki title.\nIt may contain one or more characters that cannot be used in titles.';
const NOT_RECOGNISED = 'The specified thumbnail parameters are not recognized.';

/** What the thumbnails need of the served wiki (ServedWiki gives it). */
export interface ThumbnailWiki {
  readonly site: SiteConfig;
  current(): { readonly api: { readonly services: { readonly store: Store; readonly titles: TitleCodec } }; acquire(): void; release(): void };
}

type ErrorAnswer = { kind: 'error'; status: number; html: string; vary?: string };

export type ThumbnailAnswer =
  | { kind: 'file'; path: string; mime: string; disposition: string }
  | ErrorAnswer
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'not-modified' };

/** The parameters a thumbnail name gives (wfExtractThumbParams), with the width as written. */
interface RequestParams extends ThumbParams {
  width: number;
  writtenWidth: string;
}

type Made = { ok: true; path: string } | { ok: false; status: number; message: string };

/** Thumbnails this process has made (tests read it to see that one request's work served all). */
export const thumbnailCounters = { made: 0, failed: 0 };

/** wfThumbError's page. */
export function thumbErrorPage(status: number, html: string): ErrorAnswer {
  const page = `<!DOCTYPE html>\n<html><head>\n<meta charset="UTF-8" />\n<title>Error generating thumbnail</title>\n</head>\n<body>\n<h1>Error generating thumbnail</h1>\n<p>\n${html}\n</p>\n\n</body>\n</html>\n`;
  return { kind: 'error', status: status === 400 || status === 404 || status === 429 || status === 403 ? status : 500, html: page };
}

/** wfThumbErrorText: the text escaped as htmlspecialchars(ENT_NOQUOTES) does. */
function thumbErrorText(status: number, text: string): ErrorAnswer {
  return thumbErrorPage(status, escapeHtml(text));
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** MediaWiki's `thumbnail_error` message around a reason. */
function creationError(reason: string): string {
  return `Error creating thumbnail: ${reason}`;
}

/**
 * The parameters a thumbnail name gives: the handler's own reading of the part before the file's
 * name, else the plain `NNNpx-` any handler takes; null when neither reads it.
 */
export function thumbParamsFromName(mime: string | null, thumb: string, fileName: string): RequestParams | null {
  let at = thumb.lastIndexOf(fileName);
  if (at < 0) at = thumb.lastIndexOf('thumbnail');
  if (mime !== null && handlerKind(mime) !== null && at >= 0) {
    // PHP's substr($s, 0, $at - 1): a negative length counts from the end.
    const paramString = at >= 1 ? thumb.slice(0, at - 1) : thumb.slice(0, -1);
    const parsed = handlerReads(mime, paramString) ? parseThumbParamString(mime, paramString) : null;
    if (parsed && parsed.width !== undefined) {
      // SvgHandler renders a language that is no well-formed tag in its default one.
      if (parsed.lang !== undefined && !wellFormedLanguage(parsed.lang)) parsed.lang = 'en';
      return { ...parsed, width: parsed.width, writtenWidth: /(\d+)px$/.exec(paramString)![1]! };
    }
  }
  const plain = /^(page(\d*)-)*(\d*)px-[^/]*$/.exec(thumb);
  if (!plain) return null;
  return { width: plain[3] === '' ? NaN : Number(plain[3]), writtenWidth: plain[3]! };
}

/** SvgHandler reads only lower-case language codes (`langfr-`); the shared reading is looser. */
function handlerReads(mime: string, paramString: string): boolean {
  if (handlerKind(mime) !== 'svg' || !paramString.startsWith('lang')) return true;
  return /^lang[a-z]+(?:-[a-z]+)*-\d+px$/.test(paramString);
}

/** LanguageCode::isWellFormedLanguageTag for the letters-only codes a thumbnail name can hold. */
function wellFormedLanguage(code: string): boolean {
  const [language, ...subtags] = code.split('-');
  if (!/^[a-z]{2,8}$/.test(language!)) return false;
  return subtags.every((tag) => /^[a-z]{1,8}$/.test(tag));
}

/** File::thumbName of the parameters as requested (the width as written, not yet fitted to the image). */
export function requestedThumbName(image: ImageFacts, params: RequestParams): string | null {
  if (handlerKind(image.mime) === null) return null;
  const width = Math.trunc(params.width);
  const name = thumbName(image, { ...params, width, height: 0, physicalWidth: width, physicalHeight: 0 });
  const written = `${String(width)}px`;
  if (params.writtenWidth === String(width)) return name;
  const at = name.indexOf(written);
  return at < 0 ? name : name.slice(0, at) + `${params.writtenWidth}px` + name.slice(at + written.length);
}

/** Whether `path` (absolute, real) is `root` or below it. */
export function isInside(root: string, path: string): boolean {
  const inside = relative(root, path);
  return inside === '' || (!isAbsolute(inside) && inside !== '..' && !inside.startsWith(`..${sep}`));
}

/** A small counting lock: at most `size` holders. */
class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(size: number) {
    this.free = size;
  }
  async take(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolveTake) => this.waiting.push(resolveTake));
  }
  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

type Sharp = typeof import('sharp').default;
let sharpLoaded: Promise<Sharp> | null = null;

/** sharp, loaded on the first thumbnail: its native library costs start-up time the API does not need. */
function loadSharp(): Promise<Sharp> {
  return (sharpLoaded ??= import('sharp').then((module) => {
    const sharp = module.default;
    // Files are read once each; one thread per image leaves the other cores to the API.
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  }));
}

export interface ThumbnailMakerOptions {
  directory: string;
  cache: string;
  /** The upload path's URL path (`/wiki/images`). */
  uploadPath: string;
  wiki: ThumbnailWiki;
}

export class ThumbnailMaker {
  /** Thumbnails being made, by cache path: requests for the same one wait for the same work. */
  private readonly making = new Map<string, Promise<Made>>();
  private readonly failures = new Map<string, { made: Made; until: number }>();
  private readonly slots = new Slots(RENDERS_AT_ONCE);
  private readonly root: Promise<string>;

  constructor(private readonly options: ThumbnailMakerOptions) {
    this.root = realpath(options.directory);
    this.root.catch(() => {});
  }

  /** The answer to a request for `thumb/<segments>` that is not on disk. */
  async answer(segments: readonly string[], ifModifiedSince: string | undefined): Promise<ThumbnailAnswer> {
    const rel = segments.join('/');
    const match = /^((archive\/)?[0-9a-f]\/[0-9a-f]{2}\/([^/]*)\/([^/]*))$/.exec(rel);
    if (!match) {
      // The upload stash's thumbnails (temp/) are never on this read-only wiki.
      const temp = /^temp\/[0-9a-f]\/[0-9a-f]{2}\/([^/]*)\/[^/]*$/.exec(rel);
      if (temp) return thumbErrorText(404, `The source file '${temp[1]!.replace(/[\\/]/g, '_')}' does not exist.`);
      return thumbErrorPage(400, NOT_RECOGNISED);
    }
    const archived = match[2] !== undefined;
    const fileName = match[3]!.replace(/[\\/]/g, '_');
    const requestedThumb = match[4]!;
    const generation = this.options.wiki.current();
    generation.acquire();
    try {
      const { store, titles } = generation.api.services;
      let name: string;
      let archiveName: string | null = null;
      let archiveTime = '';
      if (archived) {
        const bang = fileName.indexOf('!');
        if (bang < 0) return thumbErrorPage(404, BAD_TITLE);
        const title = titles.makeSafe(NS_FILE, fileName.slice(bang + 1));
        if (!title || title.interwiki !== '' || title.ns !== NS_FILE) return thumbErrorPage(404, BAD_TITLE);
        name = title.dbKey;
        archiveName = fileName;
        archiveTime = fileName.slice(0, bang);
      } else {
        const title = titles.makeSafe(NS_FILE, fileName);
        if (!title || title.interwiki !== '' || title.ns !== NS_FILE) return thumbErrorPage(404, BAD_TITLE);
        name = title.dbKey;
      }
      if (!(this.options.wiki.site.groups['*']?.rights ?? []).includes('read')) {
        // A private wiki: thumb.php lets only readers have thumbnails; sessions are not read here.
        return { ...thumbErrorPage(403, 'Access denied. You do not have permission to access the source file.'), vary: 'Cookie' };
      }
      const row = archiveName === null ? (await store.files.currentVersions([name]))[0] ?? null : await oldVersion(store, name, archiveName);
      const missing = (): ThumbnailAnswer => thumbErrorText(404, `The source file '${fileName}' does not exist.`);
      if (row && row.deleted & DELETED_FILE) return missing();
      const params = thumbParamsFromName(row ? `${row.major_mime}/${row.minor_mime}` : null, requestedThumb, fileName);
      if (!params) return thumbErrorPage(400, NOT_RECOGNISED);
      if (!row) {
        const target = await this.redirectTarget(store, name);
        if (target) {
          const targetImage = facts(target, null);
          const targetThumb = requestedThumbName(targetImage, params);
          if (targetThumb !== null) {
            const url = thumbnailPath({ uploadPath: this.options.uploadPath }, target.name, archived ? `${archiveTime}!${target.name}` : null, targetThumb);
            return { kind: 'redirect', status: 302, location: expandUrl(this.options.wiki.site, url) };
          }
        }
        return missing();
      }
      if (ifModifiedSince && notModifiedSince(row.timestamp, ifModifiedSince)) return { kind: 'not-modified' };
      const image = facts(row, archiveName);
      if (image.width <= 0 || image.height <= 0) await this.measure(image);
      const expectedThumb = requestedThumbName(image, params);
      if (expectedThumb === null) return thumbErrorPage(400, 'The specified thumbnail parameters are not valid: Empty return from File::thumbName');
      const expectedRel = `${archiveName === null ? '' : 'archive/'}${fileHashPath(name)}${archiveName ?? name}/${expectedThumb}`;
      if (rel !== expectedRel) {
        return thumbErrorText(404, `The given path of the specified thumbnail is incorrect;\n\t\t\t\texpected '${expectedRel}' but got '${rel}'.`);
      }
      const scale: ThumbParams = { width: params.width };
      if (params.quality !== undefined) scale.quality = params.quality;
      if (params.lang !== undefined) scale.lang = params.lang;
      const thumb = Number.isFinite(params.width) ? transform({ uploadPath: this.options.uploadPath }, image, scale) : null;
      if (!thumb) return thumbErrorPage(400, escapeHtml(creationError('Invalid thumbnail parameters')));
      if (thumb.error) return thumbErrorPage(400, escapeHtml(thumb.error));
      if (thumb.isOriginal) return thumbErrorPage(400, escapeHtml(creationError('Image was not scaled, is the requested width bigger than the source?')));
      const physical = normaliseThumbParams(image, scale)!;
      const size = { width: physical.physicalWidth, height: physical.physicalHeight };
      const made = await this.thumbnail(row, image, thumb.url, size, params.quality);
      if (!made.ok) return thumbErrorPage(made.status, escapeHtml(creationError(made.message)));
      const type = thumbType(name, image.mime);
      return { kind: 'file', path: made.path, mime: type.mime, disposition: thumbDisposition(name, type.ext) };
    } finally {
      generation.release();
    }
  }

  /** File pages that redirect to another file (LocalRepo::checkRedirect): the target's current version. */
  private async redirectTarget(store: Store, name: string): Promise<FileVersionRow | null> {
    const [page] = await store.pages.byTitles([{ ns: NS_FILE, dbKey: name }]);
    if (!page || !page.page_is_redirect) return null;
    const [redirect] = await store.pages.redirectTargets([page.page_id]);
    if (!redirect || redirect.rd_namespace !== NS_FILE || redirect.rd_interwiki) return null;
    return (await store.files.currentVersions([redirect.rd_title]))[0] ?? null;
  }

  /** The thumbnail at `url` of this version, from the cache or made now (once, however many ask). */
  /** Where the version's file is in the directory; null for a name that could not be stored there. */
  private async sourcePath(image: ImageFacts): Promise<string | null> {
    const root = await this.root;
    const source = join(root, ...(image.archiveName === null ? [fileHashPath(image.name), image.name] : ['archive', fileHashPath(image.name), image.archiveName]));
    if (!isInside(root, source) || source === root || /[\\/]/.test(image.archiveName ?? image.name)) return null;
    return source;
  }

  /**
   * A wiki imported from a dump has no dimensions in its image rows (dumps carry none): they are
   * read from the file, turned as its EXIF orientation says, as MediaWiki stores them at upload.
   */
  private async measure(image: ImageFacts): Promise<void> {
    const source = await this.sourcePath(image);
    if (!source || handlerKind(image.mime) === null) return;
    try {
      const sharp = await loadSharp();
      const info = await sharp(source).metadata();
      const turned = (info.orientation ?? 1) >= 5;
      const width = turned ? info.height : info.width;
      const height = turned ? info.width : (info.pageHeight ?? info.height);
      if (width && height) {
        image.width = width;
        image.height = height;
      }
    } catch {
      // Unreadable: the thumbnail is refused as MediaWiki refuses a file without dimensions.
    }
  }

  private async thumbnail(row: FileVersionRow, image: ImageFacts, url: string, size: { width: number; height: number }, quality: string | undefined): Promise<Made> {
    const source = await this.sourcePath(image);
    if (!source) return { ok: false, status: 500, message: 'File missing' };
    let sourceStats;
    try {
      sourceStats = await stat(source);
    } catch {
      return { ok: false, status: 500, message: 'File missing' };
    }
    const type = thumbType(image.name, image.mime);
    const key = createHash('sha1').update(`${url}\0${row.sha1}\0${sourceStats.size}\0${sourceStats.mtimeMs}`).digest('hex');
    const target = join(this.options.cache, key.slice(0, 2), `${key}.${type.ext}`);
    try {
      await stat(target);
      return { ok: true, path: target };
    } catch {
      // Not made yet.
    }
    const failed = this.failures.get(target);
    if (failed && failed.until > Date.now()) return failed.made;
    let making = this.making.get(target);
    if (!making) {
      making = this.make(source, target, image, size, type.mime, quality).finally(() => this.making.delete(target));
      this.making.set(target, making);
    }
    const made = await making;
    if (made.ok) {
      this.failures.delete(target);
    } else {
      const now = Date.now();
      // Many different broken thumbnails must not pile up: the expired ones go first.
      if (this.failures.size >= 1000) for (const [key, failure] of this.failures) if (failure.until <= now) this.failures.delete(key);
      this.failures.set(target, { made, until: now + FAILURE_KEPT_MS });
    }
    return made;
  }

  private async make(source: string, target: string, image: ImageFacts, size: { width: number; height: number }, mime: string, quality: string | undefined): Promise<Made> {
    if (!(size.width > 0 && size.height > 0)) return { ok: false, status: 500, message: 'Invalid thumbnail parameters' };
    if (size.width * size.height > MAX_THUMBNAIL_PIXELS) {
      return { ok: false, status: 500, message: `a thumbnail of ${size.width}×${size.height} pixels is more than this server makes (${MAX_THUMBNAIL_PIXELS / 1e6} MP)` };
    }
    await this.slots.take();
    const partial = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
    try {
      const sharp = await loadSharp();
      await mkdir(dirname(target), { recursive: true });
      const kind = handlerKind(image.mime);
      let pipeline;
      if (kind === 'svg') {
        // Rendered at the density that gives the thumbnail's width, not scaled up from 72 dpi.
        const density = Math.min(100_000, Math.max(1, (72 * size.width) / Math.max(1, image.width)));
        pipeline = sharp(source, { density, limitInputPixels: MAX_THUMBNAIL_PIXELS * 4 });
      } else if (mime === 'image/gif') {
        const info = await sharp(source).metadata();
        const frames = info.pages ?? 1;
        pipeline = sharp(source, { animated: frames > 1 && frames * image.width * image.height <= MAX_ANIMATED_GIF_AREA });
      } else {
        pipeline = sharp(source);
      }
      // Turned as its EXIF orientation says: the stored width and height are the turned image's.
      pipeline = pipeline.rotate().resize(size.width, size.height, { fit: 'fill' }).timeout({ seconds: 60 });
      // $wgSharpenParameter (0x0.4) on JPEGs made much smaller ($wgSharpenReductionThreshold, 0.85).
      if (mime === 'image/jpeg' && (size.width + size.height) / (image.width + image.height) < SHARPEN_REDUCTION_THRESHOLD) pipeline = pipeline.sharpen({ sigma: 0.4 });
      switch (mime) {
        case 'image/png':
          // ImageMagick's -quality 95: zlib level 9, adaptive filtering.
          pipeline = pipeline.png({ compressionLevel: 9, adaptiveFiltering: true });
          break;
        case 'image/jpeg':
          pipeline = pipeline.jpeg({ quality: quality === 'low' ? JPEG_LOW_QUALITY : JPEG_QUALITY });
          break;
        case 'image/gif':
          pipeline = pipeline.gif();
          break;
        case 'image/webp':
          pipeline = pipeline.webp();
          break;
        case 'image/tiff':
          pipeline = pipeline.tiff();
          break;
        default:
          return { ok: false, status: 500, message: `no scaler for ${mime}` };
      }
      await pipeline.toFile(partial);
      await rename(partial, target);
      thumbnailCounters.made++;
      return { ok: true, path: target };
    } catch (e) {
      await rm(partial, { force: true }).catch(() => {});
      thumbnailCounters.failed++;
      return { ok: false, status: 500, message: e instanceof Error ? e.message : String(e) };
    } finally {
      this.slots.give();
    }
  }
}

async function oldVersion(store: Store, name: string, archiveName: string): Promise<FileVersionRow | null> {
  const versions = await store.files.oldVersions({ name, start: null, end: null, limit: 100_000, ascending: false });
  return versions.find((v) => v.archive_name === archiveName) ?? null;
}

function facts(row: FileVersionRow, archiveName: string | null): ImageFacts {
  return { name: row.name, width: row.width, height: row.height, mime: `${row.major_mime}/${row.minor_mime}`, archiveName };
}

/** File::getThumbDisposition: the file's name, with the thumbnail's extension when it differs. */
function thumbDisposition(name: string, thumbExt: string): string {
  const dot = name.lastIndexOf('.');
  const ext = dot >= 0 ? name.slice(dot + 1) : '';
  const fileName = thumbExt !== '' && thumbExt !== ext ? `${name}.${thumbExt}` : name;
  return `inline;filename*=UTF-8''${encodeURIComponent(fileName).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** thumb.php compares If-Modified-Since with the source file's upload time, in seconds. */
function notModifiedSince(timestamp: string, header: string): boolean {
  // What follows a semicolon (old browsers' `; length=`) is dropped.
  const since = Date.parse(header.replace(/;.*$/, ''));
  if (Number.isNaN(since)) return false;
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(timestamp);
  if (!m) return false;
  const uploaded = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  return uploaded <= since;
}
