// Files of a wiki's local repository as MediaWiki 1.39 names and sizes them: the hashed upload
// paths, the URLs of current and archived versions and of their thumbnails, how a thumbnail request
// is fitted to an image (ImageHandler, BitmapHandler, SvgHandler), and the SHA-1 spelling. The API
// modules and the importer share these rules.
import { createHash } from 'node:crypto';
import { phpRawUrlencode } from './urls.ts';

/** $wgSVGMaxSize: an SVG is never rendered larger than this on its smaller side. */
export const SVG_MAX_SIZE = 5120;
/** $wgThumbLimits; the default user thumbnail size is the sixth (300). */
export const THUMB_LIMITS = [120, 150, 180, 200, 250, 300] as const;
export const DEFAULT_THUMB_SIZE = 300;

/** `a/a9/`: the first one and two hex digits of the MD5 of the file's DB key ($wgHashedUploadDirectory). */
export function fileHashPath(name: string): string {
  const md5 = createHash('md5').update(name, 'utf8').digest('hex');
  return `${md5[0]}/${md5.slice(0, 2)}/`;
}

/** Where the repository serves its zones: `$wgUploadPath` and its `thumb` folder. */
export interface FileRepoPaths {
  uploadPath: string;
}

/** The URL path of a file's current version (`/wiki/images/a/a9/Example.jpg`). */
export function filePath(repo: FileRepoPaths, name: string): string {
  return `${repo.uploadPath}/${fileHashPath(name)}${phpRawUrlencode(name)}`;
}

/** The URL path of an old version (`/wiki/images/archive/6/69/20250114090043%21Red_square.png`). */
export function archivedFilePath(repo: FileRepoPaths, name: string, archiveName: string): string {
  return `${repo.uploadPath}/archive/${fileHashPath(name)}${phpRawUrlencode(archiveName)}`;
}

/** The URL path of a thumbnail `thumbName` of a current (archiveName null) or old version. */
export function thumbnailPath(repo: FileRepoPaths, name: string, archiveName: string | null, thumbName: string): string {
  const base = archiveName === null
    ? `${repo.uploadPath}/thumb/${fileHashPath(name)}${phpRawUrlencode(name)}`
    : `${repo.uploadPath}/thumb/archive/${fileHashPath(name)}${phpRawUrlencode(archiveName)}`;
  return `${base}/${phpRawUrlencode(thumbName)}`;
}

/** img_sha1 is base 36 (31 digits); the API shows 40 hex digits. */
export function sha1Base36ToHex(base36: string): string {
  let value = 0n;
  for (const ch of base36.toLowerCase()) {
    const digit = parseInt(ch, 36);
    if (Number.isNaN(digit)) return ''.padStart(40, '0');
    value = value * 36n + BigInt(digit);
  }
  return value.toString(16).padStart(40, '0');
}

/** 40 hex digits as MediaWiki stores them (31 base-36 digits); null when not hex. */
export function sha1HexToBase36(hex: string): string | null {
  if (!/^[0-9a-f]{1,40}$/i.test(hex)) return null;
  return BigInt(`0x${hex}`).toString(36).padStart(31, '0');
}

/** File::normalizeExtension: lower case, the usual spelling of synonyms, '' when odd. */
export function normalizeExtension(ext: string): string {
  const lower = ext.toLowerCase();
  const squish: Record<string, string> = { htm: 'html', jpeg: 'jpg', mpeg: 'mpg', tiff: 'tif', ogv: 'ogg' };
  if (squish[lower]) return squish[lower];
  return /^[0-9a-z]+$/.test(lower) ? lower : '';
}

/** The normalised extension of a file name ('' without a dot). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return normalizeExtension(dot > 0 ? name.slice(dot + 1) : '');
}

/** What the thumbnail rules need to know of one version of a file. */
export interface ImageFacts {
  name: string;
  width: number;
  height: number;
  mime: string;
  /** The archive name of an old version; null for the current one. */
  archiveName: string | null;
}

export type HandlerKind = 'bitmap' | 'jpeg' | 'svg' | null;

/** The media handler MediaWiki picks by MIME type (only image types are thumbnailed here). */
export function handlerKind(mime: string): HandlerKind {
  switch (mime) {
    case 'image/jpeg':
      return 'jpeg';
    case 'image/png':
    case 'image/gif':
    case 'image/webp':
    case 'image/x-bmp':
    case 'image/x-ms-bmp':
    case 'image/bmp':
    case 'image/tiff':
      return 'bitmap';
    case 'image/svg+xml':
    case 'image/svg':
      return 'svg';
    default:
      return null;
  }
}

/** SVGs are always rendered (File::mustRender); bitmaps are served as they are when not made smaller. */
export function mustRender(mime: string): boolean {
  return handlerKind(mime) === 'svg';
}

/** The thumbnail's type (MediaHandler::getThumbType): SVGs become PNGs, others keep theirs. */
export function thumbType(name: string, mime: string): { ext: string; mime: string } {
  if (handlerKind(mime) === 'svg') return { ext: 'png', mime: 'image/png' };
  return { ext: fileExtension(name), mime };
}

/** File::scaleHeight: PHP's round, half away from zero. */
export function scaleHeight(srcWidth: number, srcHeight: number, dstWidth: number): number {
  if (srcWidth === 0) return 0;
  return phpRound((srcHeight * dstWidth) / srcWidth);
}

/** MediaHandler::fitBoxWidth: the widest width whose scaled height fits `maxHeight`. */
export function fitBoxWidth(boxWidth: number, boxHeight: number, maxHeight: number): number {
  const ideal = (boxWidth * maxHeight) / boxHeight;
  const roundedUp = Math.ceil(ideal);
  if (phpRound((roundedUp * boxHeight) / boxWidth) > maxHeight) return Math.floor(ideal);
  return roundedUp;
}

export function phpRound(value: number): number {
  // PHP rounds half away from zero, after a pre-rounding that absorbs binary noise (2.5000000001).
  const rounded = Math.round(Math.abs(value) * 1e9) / 1e9;
  return Math.sign(value) * Math.floor(rounded + 0.5);
}

/** A thumbnail request: what iiurlwidth/iiurlheight/iiurlparam and the parser ask for. */
export interface ThumbParams {
  width?: number;
  height?: number;
  /** JPEG `qlow-`. */
  quality?: string;
  /** SVG `langXX-`. */
  lang?: string;
}

interface NormalisedParams extends ThumbParams {
  width: number;
  height: number;
  physicalWidth: number;
  physicalHeight: number;
}

/** The handler's normaliseParams; null where MediaWiki's answers false. */
export function normaliseThumbParams(image: ImageFacts, params: ThumbParams): NormalisedParams | null {
  const kind = handlerKind(image.mime);
  if (kind === null || params.width === undefined) return null;
  const srcWidth = image.width;
  const srcHeight = image.height;
  let width = Math.trunc(params.width);
  let height: number | undefined = params.height;
  let physicalWidth: number | undefined;
  if (height !== undefined && height !== -1) {
    if (width * srcHeight > height * srcWidth) {
      width = fitBoxWidth(srcWidth, srcHeight, height);
      if (width === 0) width = 1;
      physicalWidth = width;
    } else {
      height = undefined;
    }
  }
  physicalWidth ??= width;
  const physicalHeight = scaleHeight(srcWidth, srcHeight, physicalWidth);
  if (height === undefined || height === -1) height = physicalHeight;
  if (physicalWidth <= 0 || srcWidth <= 0) return null;
  const out: NormalisedParams = { ...params, width, height, physicalWidth, physicalHeight };
  if (kind === 'svg') {
    if (physicalWidth <= physicalHeight) {
      if (physicalWidth > SVG_MAX_SIZE) {
        out.physicalWidth = SVG_MAX_SIZE;
        out.physicalHeight = scaleHeight(srcWidth, srcHeight, SVG_MAX_SIZE);
      }
    } else if (physicalHeight > SVG_MAX_SIZE) {
      out.physicalWidth = scaleHeight(srcHeight, srcWidth, SVG_MAX_SIZE);
      out.physicalHeight = SVG_MAX_SIZE;
    }
  } else if (physicalWidth >= srcWidth) {
    // A bitmap is never made larger than its source.
    out.physicalWidth = srcWidth;
    out.physicalHeight = srcHeight;
  }
  return out;
}

/** The handler's makeParamString: `300px`, `qlow-300px` (JPEG), `langfr-300px` (SVG). */
function paramString(kind: HandlerKind, params: NormalisedParams): string {
  if (kind === 'svg') {
    const lang = params.lang ?? 'en';
    return `${lang !== 'en' ? `lang${lang.toLowerCase()}-` : ''}${params.width}px`;
  }
  const px = `${Math.trunc(params.physicalWidth)}px`;
  return kind === 'jpeg' && params.quality === 'low' ? `qlow-${px}` : px;
}

/** File::thumbName: `50px-Example.jpg`, `50px-Fixture_logo.svg.png`. */
export function thumbName(image: ImageFacts, params: NormalisedParams): string {
  const kind = handlerKind(image.mime);
  const ext = fileExtension(image.name);
  const thumb = thumbType(image.name, image.mime).ext;
  return `${paramString(kind, params)}-${image.name}${thumb !== ext ? `.${thumb}` : ''}`;
}

export interface Thumbnail {
  /** URL path (not expanded). */
  url: string;
  width: number;
  height: number;
  /** The thumbnail is the file itself (served as it is, scaled by the client). */
  isOriginal: boolean;
  /**
   * MediaWiki will not make it (MediaTransformError): the text it gives, and the size of the box
   * the error is shown in.
   */
  error?: string;
}

/** $wgMaxImageArea: bitmaps with more pixels are not scaled (JPEGs are, by ImageMagick). */
export const MAX_IMAGE_AREA = 12.5e6;

/** The URL path of the version itself. */
export function versionPath(repo: FileRepoPaths, image: ImageFacts): string {
  return image.archiveName === null ? filePath(repo, image.name) : archivedFilePath(repo, image.name, image.archiveName);
}

/** File::transform with the result MediaWiki's handlers give (no rendering); null on a parameter error. */
export function transform(repo: FileRepoPaths, image: ImageFacts, params: ThumbParams): Thumbnail | null {
  const normalised = normaliseThumbParams(image, params);
  if (!normalised) return null;
  const kind = handlerKind(image.mime);
  const unscaled = kind !== 'svg'
    && normalised.physicalWidth === image.width
    && normalised.physicalHeight === image.height
    && normalised.quality === undefined;
  if (unscaled) return { url: versionPath(repo, image), width: normalised.width, height: normalised.height, isOriginal: true };
  if (kind === 'bitmap' && image.width * image.height > MAX_IMAGE_AREA) {
    // TransformTooBigImageAreaError
    return {
      url: '',
      width: Math.max(normalised.width, 120),
      height: Math.max(normalised.height, 120),
      isOriginal: false,
      error: `Error creating thumbnail: File with dimensions greater than ${formatPixels(MAX_IMAGE_AREA)}`,
    };
  }
  return {
    url: thumbnailPath(repo, image.name, image.archiveName, thumbName(image, normalised)),
    width: normalised.width,
    height: normalised.height,
    isOriginal: false,
  };
}

/**
 * Linker::processResponsiveImages: the 1.5x and 2x versions of a thumbnail made with `params`, by
 * density, where they differ from it; the height is scaled too when the request gives one.
 */
export function responsiveUrls(repo: FileRepoPaths, image: ImageFacts, thumb: Thumbnail, params: ThumbParams, withHeight = true): Map<string, string> {
  const out = new Map<string, string>();
  const width = params.width ?? thumb.width;
  const height = params.height ?? thumb.height;
  const at15 = transform(repo, image, { ...params, width: phpRound(width * 1.5), ...(withHeight ? { height: phpRound(height * 1.5) } : {}) });
  const at20 = transform(repo, image, { ...params, width: width * 2, ...(withHeight ? { height: height * 2 } : {}) });
  if (at15 && !at15.error && at15.url !== thumb.url) out.set('1.5', at15.url);
  if (at20 && !at20.error && at20.url !== thumb.url) out.set('2', at20.url);
  return out;
}

/** Language::formatComputingNumbers(n, 1000, 'size-$1pixel') in English: `12.5 MP`. */
function formatPixels(pixels: number): string {
  const units = ['', 'K', 'M', 'G', 'T', 'P', 'E', 'Z', 'Y', 'R', 'Q'];
  let value = pixels;
  let index = 0;
  while (value >= 1000 && index < units.length - 1) {
    value /= 1000;
    index++;
  }
  // Two decimals from mega on, none below.
  const rounded = index > 1 ? Math.round(value * 100) / 100 : Math.round(value);
  const number = rounded.toLocaleString('en-US', { maximumFractionDigits: 2 });
  if (index === 0) return `${number} ${rounded === 1 ? 'pixel' : 'pixels'}`;
  return `${number} ${units[index]}P`;
}

/** A handler's parseParamString (iiurlparam): null when it reads nothing. */
export function parseThumbParamString(mime: string, text: string): ThumbParams | null {
  const kind = handlerKind(mime);
  if (kind === null) return null;
  const plain = (s: string): ThumbParams | null => {
    const m = /^(\d+)px$/.exec(s);
    return m ? { width: Number(m[1]) } : null;
  };
  if (kind === 'jpeg' && text.startsWith('qlow-')) {
    const parsed = plain(text.slice(5));
    return parsed ? { ...parsed, quality: 'low' } : null;
  }
  if (kind === 'svg') {
    const m = /^lang([a-z]+(?:-[a-z]+)*)-(\d+)px$/i.exec(text);
    if (m) return { width: Number(m[2]), lang: m[1]! };
    const parsed = plain(text);
    return parsed ? { ...parsed, lang: 'en' } : null;
  }
  return plain(text);
}

/** Upload names that look like thumbnails (`50px-Foo.png`, `180px-Foo.png`): UploadBase::isThumbName. */
export function isThumbName(name: string): boolean {
  const dot = name.lastIndexOf('.');
  const partName = dot > 0 ? name.slice(0, dot) : name;
  return (partName.slice(3, 6) === 'px-' || partName.slice(2, 5) === 'px-') && /^[0-9]{2}/.test(partName);
}
