// MIME and media type of an uploaded file from its name, as MediaWiki's MimeAnalyzer would guess them.

export interface MediaType {
  mediaType: string;
  major: string;
  minor: string;
}

const BY_EXTENSION: Record<string, MediaType> = {
  png: { mediaType: 'BITMAP', major: 'image', minor: 'png' },
  gif: { mediaType: 'BITMAP', major: 'image', minor: 'gif' },
  jpg: { mediaType: 'BITMAP', major: 'image', minor: 'jpeg' },
  jpeg: { mediaType: 'BITMAP', major: 'image', minor: 'jpeg' },
  jpe: { mediaType: 'BITMAP', major: 'image', minor: 'jpeg' },
  webp: { mediaType: 'BITMAP', major: 'image', minor: 'webp' },
  tif: { mediaType: 'BITMAP', major: 'image', minor: 'tiff' },
  tiff: { mediaType: 'BITMAP', major: 'image', minor: 'tiff' },
  xcf: { mediaType: 'BITMAP', major: 'image', minor: 'x-xcf' },
  svg: { mediaType: 'DRAWING', major: 'image', minor: 'svg+xml' },
  pdf: { mediaType: 'OFFICE', major: 'application', minor: 'pdf' },
  djvu: { mediaType: 'BITMAP', major: 'image', minor: 'vnd.djvu' },
  ogg: { mediaType: 'AUDIO', major: 'application', minor: 'ogg' },
  oga: { mediaType: 'AUDIO', major: 'audio', minor: 'ogg' },
  ogv: { mediaType: 'VIDEO', major: 'video', minor: 'ogg' },
  mp3: { mediaType: 'AUDIO', major: 'audio', minor: 'mpeg' },
  wav: { mediaType: 'AUDIO', major: 'audio', minor: 'wav' },
  flac: { mediaType: 'AUDIO', major: 'audio', minor: 'x-flac' },
  webm: { mediaType: 'VIDEO', major: 'video', minor: 'webm' },
  mid: { mediaType: 'AUDIO', major: 'audio', minor: 'midi' },
  stl: { mediaType: 'DRAWING', major: 'application', minor: 'sla' },
};

const UNKNOWN: MediaType = { mediaType: 'UNKNOWN', major: 'unknown', minor: 'unknown' };

export function mediaTypeOf(name: string): MediaType {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return UNKNOWN;
  return BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? UNKNOWN;
}
