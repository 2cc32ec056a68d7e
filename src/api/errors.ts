// API errors and warnings: what a module raises, and how errorformat renders them into the result.
import { Message, msg, rawParams, stripMarkup, toHtml, toPlaintext, toWikitext, type MessageParam } from './i18n/messages.ts';
import { list, metaOf, setContent, setIndexedTagName, type ResultNode, type ResultObject } from './result.ts';

/** `query+allpages` -> `allpages`: the key MediaWiki's bc format groups warnings under. */
export function moduleNameOfPath(path: string): string {
  const i = path.lastIndexOf('+');
  return i < 0 ? path : path.slice(i + 1);
}

/** Error code MediaWiki derives from a message key when none is given. */
export function codeForKey(key: string): string {
  const m = /^(?:apierror|apiwarn|paramvalidator)-(.*)$/.exec(key);
  return m ? m[1] : key;
}

export class ApiError extends Error {
  readonly code: string;
  readonly data?: Record<string, ResultNode>;
  readonly httpStatus: number;
  /** HTTP headers sent with the error (maxlag's Retry-After and X-Database-Lag). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Module path the error belongs to; filled in by the engine when a module throws. */
  modulePath?: string;

  constructor(
    readonly apiMessage: Message,
    options: { code?: string; data?: Record<string, ResultNode>; httpStatus?: number; modulePath?: string; headers?: Record<string, string> } = {},
  ) {
    super(toPlaintext(apiMessage));
    this.code = options.code ?? codeForKey(apiMessage.key);
    this.data = options.data;
    this.httpStatus = options.httpStatus ?? 200;
    this.headers = options.headers;
    this.modulePath = options.modulePath;
  }
}

export function apiError(key: string, params: MessageParam[] = [], code?: string, data?: Record<string, ResultNode>): ApiError {
  return new ApiError(msg(key, ...params), { code, data });
}

export type ErrorFormat = 'bc' | 'plaintext' | 'wikitext' | 'html' | 'raw' | 'none';

export interface Warning {
  modulePath: string;
  message: Message;
  code: string;
  data?: Record<string, ResultNode>;
  /** When it was raised among the request's result events (see RequestContext.tick). */
  seq: number;
}

/** Collects the warnings of one request, deduplicated, in the order they were raised. */
export class WarningLog {
  readonly items: Warning[] = [];
  private readonly seen = new Set<string>();
  private count = 0;

  /** `tick` stamps each warning, so that the answer can place `warnings` where MediaWiki does. */
  constructor(private readonly tick: () => number = () => ++this.count) {}

  /** When the first warning was raised (MediaWiki creates `warnings` then), if any was. */
  get firstSeq(): number | undefined {
    return this.items[0]?.seq;
  }

  add(modulePath: string, message: Message, code?: string, data?: Record<string, ResultNode>): void {
    const w: Warning = { modulePath, message, code: code ?? codeForKey(message.key), data, seq: 0 };
    const id = `${modulePath}\u0000${w.code}\u0000${toWikitext(message)}`;
    if (this.seen.has(id)) return;
    this.seen.add(id);
    w.seq = this.tick();
    this.items.push(w);
  }

  warn(modulePath: string, key: string, ...params: MessageParam[]): void {
    this.add(modulePath, msg(key, ...params));
  }
}

export interface MessageRenderContext {
  errorFormat: ErrorFormat;
  /** Language of error texts (`en`; `qqx` shows keys). */
  lang: string;
  articleUrl: (title: string) => string;
}

function renderMessageFields(node: ResultObject, m: Message, ctx: MessageRenderContext): void {
  switch (ctx.errorFormat) {
    case 'plaintext':
      setContent(node, 'text', toPlaintext(m, ctx.lang));
      break;
    case 'wikitext':
    case 'bc':
      setContent(node, 'text', toWikitext(m, ctx.lang));
      break;
    case 'html':
      setContent(node, 'html', toHtml(m, ctx.articleUrl, ctx.lang));
      break;
    case 'raw':
      node.key = m.key;
      node.params = list('param', rawParams(m) as ResultNode[]);
      break;
    case 'none':
      break;
  }
}

/** ApiErrorFormatter::formatMessage in a non-bc format: `code` and the text as the format has it. */
export function formatMessage(code: string, m: Message, ctx: MessageRenderContext, data?: Record<string, ResultNode>): ResultObject {
  const node: ResultObject = { code };
  renderMessageFields(node, m, ctx);
  if (data && Object.keys(data).length) node.data = data;
  return node;
}

/** One entry of `errors`/`warnings` in the non-bc formats. */
function formattedEntry(code: string, m: Message, data: Record<string, ResultNode> | undefined, modulePath: string, ctx: MessageRenderContext): ResultObject {
  const node = formatMessage(code, m, ctx, data);
  node.module = modulePath;
  return node;
}

/** Adds the collected warnings to the result root in the request's errorformat. */
export function addWarningsToResult(root: ResultObject, log: WarningLog, ctx: MessageRenderContext): void {
  if (!log.items.length) return;
  if (ctx.errorFormat === 'bc') {
    const byModule = new Map<string, ResultObject>();
    for (const w of log.items) {
      const name = moduleNameOfPath(w.modulePath);
      // ApiErrorFormatter_BackCompat: the message's text with its tags stripped; wikitext links stay.
      const text = stripMarkup(toWikitext(w.message, ctx.lang));
      const existing = byModule.get(name);
      if (existing) existing.warnings = `${existing.warnings as string}\n${text}`;
      else {
        const node: ResultObject = {};
        setContent(node, 'warnings', text);
        byModule.set(name, node);
      }
    }
    // MediaWiki adds each module's entry on top of the others (ApiResult::ADD_ON_TOP): the module
    // warned first comes last.
    root.warnings = Object.fromEntries([...byModule].reverse());
    return;
  }
  root.warnings = setIndexedTagName(
    log.items.map((w) => formattedEntry(w.code, w.message, w.data, w.modulePath, ctx)),
    'warning',
  );
}

export function docrefText(apiUrl: string, lang = 'en'): string {
  return `${toWikitext(msg('api-usage-docref', apiUrl), lang)} ${toWikitext(msg('api-usage-mailinglist-ref'), lang)}`;
}

/** Adds `error` (bc) or `errors` + `docref` to the result root. */
export function addErrorToResult(root: ResultObject, err: ApiError, ctx: MessageRenderContext, apiUrl: string): void {
  const docref = docrefText(apiUrl, ctx.lang);
  if (ctx.errorFormat === 'bc') {
    const node: ResultObject = { code: err.code, info: toPlaintext(err.apiMessage, ctx.lang) };
    if (err.data) for (const [k, v] of Object.entries(err.data)) node[k] = v;
    setContent(node, 'docref', docref);
    root.error = node;
    return;
  }
  root.errors = setIndexedTagName([formattedEntry(err.code, err.apiMessage, err.data, err.modulePath ?? 'main', ctx)], 'error');
  setContent(root, 'docref', docref);
  metaOf(root);
}
