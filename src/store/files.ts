// The file family: image (current uploads), oldimage (their earlier versions), filearchive
// (deleted versions), uploadstash.

export interface FileStore {
  /** Which of these file names (DB keys without namespace) have a current upload. */
  existing(names: readonly string[]): Promise<Set<string>>;
  /** Current versions of these file names, with their uploader and description. */
  currentVersions(names: readonly string[]): Promise<FileVersionRow[]>;
  /** Earlier versions of one file, newest first (LocalFile::getHistory). */
  oldVersions(q: OldVersionsQuery): Promise<FileVersionRow[]>;
  /** Names of current files starting with `prefix` (byte order), at most `limit`. */
  namesWithPrefix(prefix: string, limit: number): Promise<string[]>;
  /** Current files by name or upload time (list=allimages). */
  allFiles(q: AllFilesQuery): Promise<FileVersionRow[]>;
  /** Current files with these base-36 SHA-1s, by name (LocalRepo::findBySha1s). */
  filesBySha1(hashes: readonly string[]): Promise<FileVersionRow[]>;
  /** Deleted file versions (list=filearchive), by name, time and id. */
  archivedFiles(q: ArchivedFilesQuery): Promise<ArchivedFileRow[]>;
  /** A user's stashed uploads from id `fromId` on, by id. */
  stashedFiles(userId: number, fromId: number | null, limit: number): Promise<StashedFileRow[]>;
  /** A stashed upload by its key, whoever stashed it. */
  stashedFile(key: string): Promise<StashedFileRow | null>;
}

/** One version of a file, current (image) or old (oldimage), by MediaWiki's column names without prefix. */
export interface FileVersionRow {
  name: string;
  /** oi_archive_name; null for the current version. */
  archive_name: string | null;
  size: number;
  width: number;
  height: number;
  metadata: string;
  bits: number;
  media_type: string | null;
  major_mime: string;
  minor_mime: string;
  timestamp: string;
  sha1: string;
  /** oi_deleted; 0 for the current version. */
  deleted: number;
  actor_user: number | null;
  actor_name: string;
  comment_text: string;
}

export interface OldVersionsQuery {
  name: string;
  /** 14-digit timestamps: versions at or before `start`, at or after `end`. */
  start: string | null;
  end: string | null;
  limit: number;
  /** Oldest first (LocalFile::getHistory reads upwards when only an end is given). */
  ascending: boolean;
}

export interface AllFilesQuery {
  sort: 'name' | 'timestamp';
  descending: boolean;
  /** sort=name: DB keys. */
  from: string | null;
  to: string | null;
  prefix: string | null;
  continueName: string | null;
  /** sort=timestamp: 14-digit timestamps. */
  start: string | null;
  end: string | null;
  continueAt: { timestamp: string; name: string } | null;
  /** Uploader's name (sort=timestamp). */
  actorName: string | null;
  /** Uploaders in (bots) or out of (nobots) the groups with the bot right, as of `now`. */
  bots: 'bots' | 'nobots' | null;
  botGroups: readonly string[];
  now: string;
  minSize: number | null;
  maxSize: number | null;
  /** Base 36. */
  sha1: string | null;
  /** [major, minor] pairs; null: any type. */
  mimes: (readonly [string, string])[] | null;
  limit: number;
}

export interface ArchivedFilesQuery {
  descending: boolean;
  /** DB keys. */
  from: string | null;
  to: string | null;
  prefix: string | null;
  continueAt: { name: string; timestamp: string; id: number } | null;
  /** Base 36. */
  sha1: string | null;
  /** With sha1: versions whose fa_deleted has all these bits are left out (0: none). */
  hiddenMask: number;
  limit: number;
}

export interface ArchivedFileRow {
  fa_id: number;
  fa_name: string;
  fa_archive_name: string | null;
  /** Sizes as the database returns them: MediaWiki shows them without converting. */
  fa_size: number | string;
  fa_width: number | string;
  fa_height: number | string;
  fa_metadata: string;
  fa_bits: number | string;
  fa_media_type: string | null;
  fa_major_mime: string;
  fa_minor_mime: string;
  fa_timestamp: string;
  fa_deleted: number;
  fa_sha1: string;
  actor_user: number | null;
  actor_name: string;
  comment_text: string;
}

export interface StashedFileRow {
  us_id: number;
  us_key: string;
  us_status: string;
  us_size: number;
  us_image_width: number | null;
  us_image_height: number | null;
  us_image_bits: number | null;
  us_mime: string | null;
  us_media_type: string | null;
  us_timestamp: string;
  us_sha1: string;
  us_props: string | null;
}
