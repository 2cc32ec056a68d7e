// The file family: image (current uploads).

export interface FileStore {
  /** Which of these file names (DB keys without namespace) have a current upload. */
  existing(names: readonly string[]): Promise<Set<string>>;
}
