// Queries of the file family.
import type { AllFilesQuery, ArchivedFileRow, ArchivedFilesQuery, FileStore, FileVersionRow, OldVersionsQuery, StashedFileRow } from '../files.ts';
import { archivedFiles, filesBySha1, stashedFile, stashedFiles } from './files-archive.ts';
import { allFiles } from './files-list.ts';
import { currentVersions, namesWithPrefix, oldVersions } from './files-versions.ts';
import { inList } from './dialect.ts';
import type { SqlExecutor } from './executor.ts';
import { chunks } from './queries.ts';

export class SqlFileStore implements FileStore {
  constructor(private readonly db: SqlExecutor) {}

  async existing(names: readonly string[]): Promise<Set<string>> {
    const out = new Set<string>();
    for (const part of chunks(names)) {
      const list = inList(this.db.dialect, 'img_name', part);
      for (const r of await this.db.all<{ img_name: string }>(`SELECT img_name FROM {image} WHERE ${list.sql}`, ...list.values)) out.add(r.img_name);
    }
    return out;
  }

  currentVersions(names: readonly string[]): Promise<FileVersionRow[]> {
    return currentVersions(this.db, names);
  }

  oldVersions(q: OldVersionsQuery): Promise<FileVersionRow[]> {
    return oldVersions(this.db, q);
  }

  namesWithPrefix(prefix: string, limit: number): Promise<string[]> {
    return namesWithPrefix(this.db, prefix, limit);
  }

  allFiles(q: AllFilesQuery): Promise<FileVersionRow[]> {
    return allFiles(this.db, q);
  }

  filesBySha1(hashes: readonly string[]): Promise<FileVersionRow[]> {
    return filesBySha1(this.db, hashes);
  }

  archivedFiles(q: ArchivedFilesQuery): Promise<ArchivedFileRow[]> {
    return archivedFiles(this.db, q);
  }

  stashedFiles(userId: number, fromId: number | null, limit: number): Promise<StashedFileRow[]> {
    return stashedFiles(this.db, userId, fromId, limit);
  }

  stashedFile(key: string): Promise<StashedFileRow | null> {
    return stashedFile(this.db, key);
  }
}
