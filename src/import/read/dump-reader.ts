// Turns the XML of a MediaWiki export (schema 0.10 / 0.11, older 0.x tolerated) into dump records.

import type {
  DumpContent,
  DumpContributor,
  DumpHandler,
  DumpLogItem,
  DumpNamespace,
  DumpPageHeader,
  DumpProblem,
  DumpRevision,
  DumpSiteInfo,
  DumpUpload,
} from './dump-types.ts';
import { isUtf8 } from 'node:buffer';
import { ByteStringCache, XmlError, XmlTokenizer, type XmlAttributes, type XmlSink } from './xml-tokenizer.ts';
import { isDumpTimestamp, parseId, parseInteger, plainInteger, textField, type FieldValue } from './dump-fields.ts';
import { NO_TEXT, SeparateTexts, type TextStore } from './text-store.ts';

/** Export schema versions whose layout this reader knows (0.3 to 0.11 share the page layout). */
export const KNOWN_SCHEMA_VERSIONS = ['0.3', '0.4', '0.5', '0.6', '0.7', '0.8', '0.9', '0.10', '0.11'];

/** A problem the reader cannot step over: the rest of the file cannot be trusted. */
export class DumpFatalError extends Error {
  constructor(
    message: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(line === undefined ? message : `${message} (line ${line}${column === undefined ? '' : `, column ${column}`})`);
    this.name = 'DumpFatalError';
    this.reason = message;
  }

  /** The message without its position. */
  readonly reason: string;
}

export interface DumpReaderOptions {
  /** Stop at the first problem instead of skipping the broken record. */
  strict?: boolean;
  /** Where page texts are collected (default: a Buffer of its own for each). */
  texts?: TextStore;
  /**
   * The data starts inside `<mediawiki>`, at a line that opens a page or log item (a segment of a
   * file read by several threads); lines are counted from the segment's start.
   */
  fragment?: boolean;
  /** Unknown elements are reported here (once per name and reader) instead of as problems: the segments' reports are merged. */
  onUnknownElement?: (name: string, problem: DumpProblem) => void;
}

type Context = 'document' | 'mediawiki' | 'siteinfo' | 'namespaces' | 'page' | 'revision' | 'content' | 'upload' | 'logitem' | 'contributor';

/** How a field's text is kept. */
const enum FieldKind {
  Text,
  /** A number when the text is a plain integer (ids). */
  Integer,
  /** A string shared with the same earlier texts (content models, user names). */
  Repeated,
}

/** A record being read: the one with fields still arriving. */
interface PartialRecord {
  fields: Record<string, FieldValue>;
  attributes: Record<string, XmlAttributes>;
  line: number;
  /** `<text>` as UTF-8 bytes: page texts are never decoded into strings while reading. */
  text?: Buffer;
}

export class DumpReader implements XmlSink {
  private readonly tokenizer: XmlTokenizer;
  private readonly strict: boolean;
  private contexts: Context[] = ['document'];
  /** Depth of an element subtree being ignored (unknown elements, `<contents>`). */
  private skipDepth = 0;
  private captureName: string | null = null;
  private captureKind = FieldKind.Text;
  /** The captured text so far ('' before its first piece). */
  private captureValue: FieldValue = '';
  private capturePieces = 0;
  private readonly repeatedValues = new ByteStringCache();
  /** The field being captured is a page text, kept as bytes in `texts`. */
  private captureBytes = false;
  private readonly texts: TextStore;
  private siteInfo: DumpSiteInfo = { namespaces: [] };
  private namespaceAttributes: XmlAttributes | null = null;
  private page: PartialRecord | null = null;
  private pageStarted = false;
  private pageBroken = false;
  private record: PartialRecord | null = null;
  private contributor: DumpContributor | null = null;
  private contents: DumpContent[] = [];
  private content: PartialRecord | null = null;
  private minor = false;
  private commentDeleted = false;
  private actionDeleted = false;
  private unknownReported = new Set<string>();
  /** Set after an XML error: the kind of record to look for before parsing again. */
  private resyncMarker: string | null = null;
  /** A page or log item has begun: a `<siteinfo>` now comes too late to apply to them. */
  private recordSeen = false;
  private readonly onUnknownElement: ((name: string, problem: DumpProblem) => void) | undefined;

  constructor(
    private readonly handler: DumpHandler,
    options: DumpReaderOptions = {},
  ) {
    this.tokenizer = new XmlTokenizer(this);
    this.strict = options.strict ?? false;
    this.texts = options.texts ?? new SeparateTexts();
    this.onUnknownElement = options.onUnknownElement;
    if (options.fragment) {
      this.tokenizer.beginInside('mediawiki');
      this.contexts.push('mediawiki');
      this.recordSeen = true;
    }
  }

  /**
   * At the end of a segment whose next one opens with `nextMarker` (`<page>`, `<logitem>`):
   * whether this reader is between records at the top level with nothing half-read, that is in
   * the state a fragment reader starts in, so the next segment can be read apart.
   */
  atRecordBoundary(nextMarker: string): boolean {
    if (this.resyncMarker !== null) return this.resyncMarker === nextMarker;
    return (
      this.contexts.length === 2 &&
      this.context === 'mediawiki' &&
      this.skipDepth === 0 &&
      this.captureName === null &&
      this.tokenizer.openElements.length === 1 &&
      this.tokenizer.restIsSpace()
    );
  }

  /** Newlines in the data written so far. */
  newlinesRead(): number {
    return this.tokenizer.newlinesSeen();
  }

  write(chunk: Uint8Array): void {
    if (this.resyncMarker === null) return this.guard(() => this.tokenizer.write(chunk));
    this.tokenizer.append(chunk);
    this.guard(() => this.tokenizer.write(NO_TEXT));
  }

  end(): void {
    if (this.resyncMarker !== null) {
      // The broken record was the last one: nothing to resume, the root simply closes.
      return;
    }
    this.guard(() => this.tokenizer.end());
  }

  private guard(step: () => void): void {
    for (;;) {
      try {
        if (this.resyncMarker !== null && !this.tryResync()) return;
        step();
        return;
      } catch (error) {
        if (!(error instanceof XmlError)) throw error;
        this.recoverFromXmlError(error);
        step = () => this.tokenizer.write(NO_TEXT);
      }
    }
  }

  private recoverFromXmlError(error: XmlError): void {
    const inPage = this.contexts.includes('page');
    const inLog = this.contexts.includes('logitem');
    if (this.strict || (!inPage && !inLog)) throw new DumpFatalError(error.message.replace(/ \(line.*$/, ''), error.line, error.column);
    const subject = inPage ? textField(this.page?.fields.title) : `log item ${this.record?.fields.id ?? '?'}`;
    this.handler.problem({ message: `malformed XML: ${error.message.replace(/ \(line.*$/, '')}; the rest of this ${inPage ? 'page' : 'log item'} is skipped`, line: error.line, column: error.column, subject });
    if (inPage) this.endPage(true);
    this.resetToRoot();
    this.resyncMarker = inPage ? '<page>' : '<logitem>';
  }

  private tryResync(): boolean {
    if (!this.tokenizer.resync(this.resyncMarker!, 1)) return false;
    this.resyncMarker = null;
    return true;
  }

  private resetToRoot(): void {
    this.contexts = ['document', 'mediawiki'];
    this.skipDepth = 0;
    this.captureName = null;
    this.captureValue = '';
    this.capturePieces = 0;
    this.texts.drop();
    this.captureBytes = false;
    this.page = null;
    this.record = null;
    this.contributor = null;
    this.content = null;
    this.contents = [];
  }

  private get context(): Context {
    return this.contexts[this.contexts.length - 1]!;
  }

  private line(): number {
    return this.tokenizer.lineNumber();
  }

  private problem(message: string, subject?: string): void {
    const { line, column } = this.tokenizer.position();
    if (this.strict) throw new DumpFatalError(subject ? `${subject}: ${message}` : message, line, column);
    this.handler.problem({ message, line, column, subject });
  }

  open(name: string, attributes: XmlAttributes | null): void {
    if (this.skipDepth > 0 || this.captureName !== null) {
      // Markup inside a text field (`<title>` with a child) is not part of any export schema.
      if (this.captureName !== null) this.problem(`unexpected <${name}> inside <${this.captureName}>`);
      this.skipDepth++;
      return;
    }
    switch (this.context) {
      case 'document':
        return this.openRoot(name, attributes);
      case 'mediawiki':
        return this.openTopLevel(name, attributes);
      case 'siteinfo':
        if (name === 'namespaces') return this.enter('namespaces');
        return this.capture(name);
      case 'namespaces':
        if (name !== 'namespace') return this.skip(name);
        this.namespaceAttributes = attributes;
        return this.capture(name);
      case 'page':
        return this.openInPage(name, attributes);
      case 'revision':
        return this.openInRevision(name, attributes);
      case 'content':
        if (name === 'text') this.content!.attributes.text = attributes ?? {};
        return this.capture(name);
      case 'upload':
        if (name === 'contributor') return this.openContributor(attributes);
        if (name === 'contents') return this.skip(name, false);
        if (name === 'comment' && attributes?.deleted) this.commentDeleted = true;
        return this.capture(name);
      case 'logitem':
        if (name === 'contributor') return this.openContributor(attributes);
        if (name === 'comment' && attributes?.deleted) this.commentDeleted = true;
        if (name === 'text' && attributes?.deleted) this.actionDeleted = true;
        return this.capture(name);
      case 'contributor':
        return this.capture(name);
    }
  }

  text(bytes: Buffer, start: number, end: number): void {
    if (this.captureName === null || this.skipDepth !== 0) return;
    if (this.captureBytes) return this.texts.append(bytes, start, end);
    // Each piece is decoded on its own, as pieces always were; the first as its field's kind says.
    if (this.capturePieces++ > 0) this.captureValue = String(this.captureValue) + bytes.toString('utf8', start, end);
    else if (this.captureKind === FieldKind.Text) this.captureValue = bytes.toString('utf8', start, end);
    else if (this.captureKind === FieldKind.Repeated) this.captureValue = this.repeatedValues.get(bytes, start, end);
    else {
      const n = plainInteger(bytes, start, end);
      this.captureValue = n >= 0 ? n : bytes.toString('utf8', start, end);
    }
  }

  /** The captured page text; invalid UTF-8 is replaced by U+FFFD as a string decoder would. */
  private endTextCapture(): Buffer {
    const text = this.texts.take();
    this.captureBytes = false;
    return isUtf8(text) ? text : Buffer.from(text.toString('utf8'));
  }

  close(name: string): void {
    if (this.skipDepth > 0) {
      this.skipDepth--;
      return;
    }
    if (this.captureName !== null) {
      if (this.captureBytes) {
        const text = this.endTextCapture();
        this.captureName = null;
        if (this.context === 'content') this.content!.text = text;
        else this.record!.text = text;
        return;
      }
      const value = this.captureValue;
      this.captureName = null;
      this.captureValue = '';
      this.capturePieces = 0;
      return this.storeField(name, value);
    }
    const context = this.contexts.pop();
    switch (context) {
      case 'siteinfo':
        return this.handler.siteInfo(this.siteInfo);
      case 'page':
        return this.endPage(false);
      case 'revision':
        return this.endRevision();
      case 'content':
        return this.endContent();
      case 'upload':
        return this.endUpload();
      case 'logitem':
        return this.endLogItem();
      case 'contributor':
        return;
    }
  }

  private enter(context: Context): void {
    this.contexts.push(context);
  }

  private capture(name: string): void {
    const context = this.context;
    this.captureName = name;
    this.captureValue = '';
    this.capturePieces = 0;
    this.captureKind = fieldKind(context, name);
    this.captureBytes = name === 'text' && (context === 'revision' || context === 'content');
    if (this.captureBytes) this.texts.drop();
  }

  private skip(name: string, report = true): void {
    if (report && !this.unknownReported.has(name)) {
      this.unknownReported.add(name);
      const problem = { message: `unknown element <${name}> in <${this.context}> ignored`, line: this.line() };
      if (this.onUnknownElement) this.onUnknownElement(name, problem);
      else this.handler.problem(problem);
    }
    this.skipDepth = 1;
  }

  private openRoot(name: string, attributes: XmlAttributes | null): void {
    if (name !== 'mediawiki') {
      const { line, column } = this.tokenizer.position();
      throw new DumpFatalError(`not a MediaWiki XML dump: the root element is <${name}>, not <mediawiki>`, line, column);
    }
    const version = attributes?.version ?? /export-([0-9.]+)\/?$/.exec(attributes?.xmlns ?? '')?.[1];
    this.siteInfo.schemaVersion = version;
    this.siteInfo.lang = attributes?.['xml:lang'];
    if (version === undefined || !KNOWN_SCHEMA_VERSIONS.includes(version)) {
      const { line, column } = this.tokenizer.position();
      const message =
        version === undefined
          ? 'the dump does not say its export schema version'
          : `unknown export schema version ${version} (this importer reads versions 0.3 to 0.11; 0.10 and 0.11 are tested)`;
      if (this.strict) throw new DumpFatalError(message, line, column);
      this.handler.problem({ message: `${message}; reading it as 0.11`, line, column });
    }
    this.enter('mediawiki');
  }

  private openTopLevel(name: string, attributes: XmlAttributes | null): void {
    if (name === 'siteinfo') {
      if (!this.recordSeen) return this.enter('siteinfo');
      // Its namespaces would change how pages already read were named: MediaWiki reads it first or not at all.
      this.problem('a <siteinfo> after the first page or log item is ignored');
      this.skipDepth = 1;
      return;
    }
    if (name === 'page' || name === 'logitem') this.recordSeen = true;
    if (name === 'page') {
      this.page = { fields: {}, attributes: {}, line: this.line() };
      this.pageStarted = false;
      this.pageBroken = false;
      return this.enter('page');
    }
    if (name === 'logitem') {
      this.startRecord();
      return this.enter('logitem');
    }
    void attributes;
    this.skip(name);
  }

  private openInPage(name: string, attributes: XmlAttributes | null): void {
    if (name === 'revision' || name === 'upload') {
      this.startPage();
      this.startRecord();
      this.contents = [];
      return this.enter(name);
    }
    if (name === 'redirect') {
      this.page!.fields.redirect = attributes?.title ?? '';
      this.skipDepth = 1;
      return;
    }
    if (name === 'discussionthreadinginfo') return this.skip(name, false);
    this.capture(name);
  }

  private openInRevision(name: string, attributes: XmlAttributes | null): void {
    switch (name) {
      case 'contributor':
        return this.openContributor(attributes);
      case 'content':
        this.content = { fields: {}, attributes: {}, line: this.line() };
        return this.enter('content');
      case 'minor':
        this.minor = true;
        this.skipDepth = 1;
        return;
      case 'comment':
        if (attributes?.deleted) this.commentDeleted = true;
        break;
      case 'text':
        this.record!.attributes.text = attributes ?? {};
        break;
    }
    this.capture(name);
  }

  private openContributor(attributes: XmlAttributes | null): void {
    this.contributor = { deleted: Boolean(attributes?.deleted) };
    this.enter('contributor');
  }

  private startRecord(): void {
    this.record = { fields: {}, attributes: {}, line: this.line() };
    this.minor = false;
    this.commentDeleted = false;
    this.actionDeleted = false;
    this.contributor = null;
  }

  private storeField(name: string, value: FieldValue): void {
    switch (this.context) {
      case 'siteinfo':
        return this.storeSiteInfoField(name, value);
      case 'namespaces':
        return this.storeNamespace(value);
      case 'page':
        this.page!.fields[name] = value;
        return;
      case 'contributor':
        return this.storeContributorField(name, value);
      case 'content':
        this.content!.fields[name] = value;
        return;
      default:
        this.record!.fields[name] = value;
    }
  }

  private storeSiteInfoField(name: string, value: FieldValue): void {
    if (typeof value !== 'string') value = String(value);
    const info = this.siteInfo;
    if (name === 'sitename') info.siteName = value;
    else if (name === 'dbname') info.dbName = value;
    else if (name === 'base') info.base = value;
    else if (name === 'generator') info.generator = value;
    else if (name === 'case') info.case = value === 'case-sensitive' ? 'case-sensitive' : 'first-letter';
  }

  private storeNamespace(value: FieldValue): void {
    if (typeof value !== 'string') value = String(value);
    const key = Number(this.namespaceAttributes?.key);
    if (!Number.isInteger(key)) return this.problem('a <namespace> without a numeric key is ignored');
    const ns: DumpNamespace = {
      id: key,
      name: value.trim(),
      case: this.namespaceAttributes?.case === 'case-sensitive' ? 'case-sensitive' : 'first-letter',
    };
    this.siteInfo.namespaces.push(ns);
  }

  private storeContributorField(name: string, value: FieldValue): void {
    const contributor = this.contributor!;
    if (name === 'username') contributor.username = String(value);
    else if (name === 'ip') contributor.ip = String(value);
    else if (name === 'id') {
      const id = parseId(value);
      if (id !== undefined) contributor.id = id;
    }
  }

  /** The page header is complete once its first revision or upload starts (or the page ends). */
  private startPage(): void {
    if (this.pageStarted || this.pageBroken) return;
    this.pageStarted = true;
    const fields = this.page!.fields;
    const header: DumpPageHeader = { title: textField(fields.title) ?? '', line: this.page!.line };
    if (fields.ns !== undefined) header.ns = parseInteger(fields.ns);
    if (fields.id !== undefined) header.id = parseId(fields.id);
    if (fields.redirect !== undefined) header.redirect = textField(fields.redirect);
    if (fields.restrictions) header.restrictions = textField(fields.restrictions);
    if (!fields.title) return this.breakPage('a <page> without a <title>');
    if (fields.id !== undefined && header.id === undefined) return this.breakPage(`page id "${fields.id}" is not a positive integer`);
    if (fields.ns !== undefined && header.ns === undefined) return this.breakPage(`namespace "${fields.ns}" is not an integer`);
    this.handler.pageStart(header);
  }

  private breakPage(message: string): void {
    this.pageBroken = true;
    this.problem(`${message}; the page is skipped`, textField(this.page?.fields.title));
  }

  private endPage(skipped: boolean): void {
    this.startPage();
    if (this.pageStarted) this.handler.pageEnd(skipped || this.pageBroken);
    this.pageStarted = false;
    this.page = null;
  }

  private endRevision(): void {
    if (this.pageBroken) return;
    const { fields, attributes, line, text } = this.record!;
    const subject = textField(this.page!.fields.title);
    const id = parseId(fields.id ?? '');
    if (id === undefined) return this.problem(`a revision without a valid <id> ("${fields.id ?? ''}") is skipped`, subject);
    const timestamp = textField(fields.timestamp) ?? '';
    if (!isDumpTimestamp(timestamp)) return this.problem(`revision ${id} has an invalid <timestamp> "${timestamp}" and is skipped`, subject);
    const textAttributes = attributes.text ?? {};
    const main: DumpContent = {
      role: 'main',
      model: textField(fields.model),
      format: textField(fields.format),
      text: textAttributes.deleted || textAttributes.location ? undefined : (text ?? NO_TEXT),
      deleted: Boolean(textAttributes.deleted),
    };
    if (fields.origin !== undefined) main.origin = parseId(fields.origin);
    if (textAttributes.bytes !== undefined) main.bytes = parseInteger(textAttributes.bytes);
    if (textAttributes.sha1) main.sha1 = textAttributes.sha1;
    const revision: DumpRevision = {
      id,
      timestamp,
      contributor: this.contributor ?? { deleted: false },
      minor: this.minor,
      commentDeleted: this.commentDeleted,
      main,
      slots: this.contents,
      line,
    };
    if (fields.parentid !== undefined) revision.parentId = parseId(fields.parentid);
    if (fields.comment !== undefined && !revision.commentDeleted) revision.comment = textField(fields.comment);
    if (fields.sha1) revision.sha1 = textField(fields.sha1);
    this.record = null;
    this.contents = [];
    this.handler.revision(revision);
  }

  private endContent(): void {
    const { fields, attributes, text } = this.content!;
    const textAttributes = attributes.text ?? {};
    const content: DumpContent = {
      role: textField(fields.role) ?? 'main',
      model: textField(fields.model),
      format: textField(fields.format),
      text: textAttributes.deleted || textAttributes.location ? undefined : text,
      deleted: Boolean(textAttributes.deleted),
    };
    if (fields.origin !== undefined) content.origin = parseId(fields.origin);
    if (textAttributes.bytes !== undefined) content.bytes = parseInteger(textAttributes.bytes);
    if (textAttributes.sha1) content.sha1 = textAttributes.sha1;
    this.content = null;
    if (content.role === 'main') {
      // Schema 0.11 may spell the main slot as a <content> too; it then stands for <text>.
      this.record!.text ??= content.text ?? NO_TEXT;
      return;
    }
    this.contents.push(content);
  }

  private endUpload(): void {
    if (this.pageBroken) return;
    const { fields, line } = this.record!;
    const subject = textField(this.page!.fields.title);
    const timestamp = textField(fields.timestamp) ?? '';
    if (!isDumpTimestamp(timestamp)) return this.problem(`an upload with an invalid <timestamp> "${timestamp}" is skipped`, subject);
    const filename = textField(fields.filename);
    if (!filename) return this.problem('an upload without a <filename> is skipped', subject);
    const upload: DumpUpload = {
      timestamp,
      contributor: this.contributor ?? { deleted: false },
      commentDeleted: this.commentDeleted,
      filename,
      size: parseInteger(fields.size ?? '0') ?? 0,
      line,
    };
    if (fields.comment !== undefined && !upload.commentDeleted) upload.comment = textField(fields.comment);
    if (fields.archivename) upload.archiveName = textField(fields.archivename);
    if (fields.src) upload.src = textField(fields.src);
    if (fields.sha1base36) upload.sha1base36 = textField(fields.sha1base36);
    if (fields.rel) upload.rel = textField(fields.rel);
    this.record = null;
    this.handler.upload(upload);
  }

  private endLogItem(): void {
    const { fields, line } = this.record!;
    const id = parseId(fields.id ?? '');
    const subject = `log item ${fields.id ?? '?'}`;
    this.record = null;
    if (id === undefined) return this.problem(`a log item without a valid <id> is skipped`, subject);
    const timestamp = textField(fields.timestamp) ?? '';
    if (!isDumpTimestamp(timestamp)) return this.problem(`invalid <timestamp> "${timestamp}"; the log item is skipped`, subject);
    const item: DumpLogItem = {
      id,
      timestamp,
      contributor: this.contributor ?? { deleted: false },
      commentDeleted: this.commentDeleted,
      type: textField(fields.type) ?? '',
      action: textField(fields.action) ?? '',
      actionDeleted: this.actionDeleted,
      line,
    };
    if (fields.comment !== undefined && !item.commentDeleted) item.comment = textField(fields.comment);
    if (fields.logtitle !== undefined) item.logTitle = textField(fields.logtitle);
    if (fields.params !== undefined) item.params = textField(fields.params);
    this.handler.logItem(item);
  }
}

/** The fields read as numbers when plain integers; the others are strings. */
function fieldKind(context: Context, name: string): FieldKind {
  switch (context) {
    case 'page':
      return name === 'id' || name === 'ns' ? FieldKind.Integer : FieldKind.Text;
    case 'revision':
      if (name === 'id' || name === 'parentid' || name === 'origin') return FieldKind.Integer;
      return name === 'model' || name === 'format' ? FieldKind.Repeated : FieldKind.Text;
    case 'content':
      if (name === 'origin') return FieldKind.Integer;
      return name === 'role' || name === 'model' || name === 'format' ? FieldKind.Repeated : FieldKind.Text;
    case 'contributor':
      if (name === 'id') return FieldKind.Integer;
      return name === 'username' || name === 'ip' ? FieldKind.Repeated : FieldKind.Text;
    default:
      return FieldKind.Text;
  }
}
