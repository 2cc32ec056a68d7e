// The main module: one API request in, one HTTP answer out (action, format, errorformat, assert,
// maxlag, origin/CORS, requestid, servedby, curtimestamp, cache headers). handleApiRequest runs
// the steps in MediaWiki's order: CORS, the fields read first, main's parameters, the output
// format, the checks before the action (assert, token, POST), the action's handler, the answer.
import { isValidLanguageCode, languageForCode } from '../wiki/languages.ts';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { isServed, type ActionDecl, type ActionOutcome, type ApiModules, type CustomPrinter, type ReadableModuleDecl } from './actions/action.ts';
import type { Api } from './api.ts';
import { RequestContext } from './context.ts';
import { hasRight, type Caller } from './caller.ts';
import { checkReadPermission } from './read-permission.ts';
import { tokenIsValid } from './session/actions.ts';
import { ApiError, WarningLog, addErrorToResult, addWarningsToResult, type ErrorFormat, type MessageRenderContext } from './errors.ts';
import { msg, toPlaintext } from './i18n/messages.ts';
import { formatDecls, type FormatName } from './main-declarations.ts';
import type { ApiRequest } from './request.ts';
import { cleanResultStrings, markSubelements, setContent, setFlag, setType, type ResultNode, type ResultObject } from './result.ts';
import type { ApiServices } from './services.ts';
import { renderResult } from './formats/index.ts';
import { mwToIso, nowMw } from '../wiki/timestamps.ts';
import { debugInfo } from './debuginfo.ts';
import { StoreBusyError, StoreInterruptedError, StoreQueryError, StoreUnavailableError } from '../store/errors.ts';

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
  /** Set-Cookie headers (the session's cookies), one value each. */
  setCookies?: string[];
}

const SERVED_BY = hostname();
const ERROR_FORMATS = new Set(['bc', 'plaintext', 'wikitext', 'html', 'raw', 'none']);

interface OutputSettings {
  format: FormatName;
  formatVersion: 1 | 2;
  utf8: boolean;
  ascii: boolean;
  callback?: string;
  wrappedhtml: boolean;
  xslt?: string;
  includexmlnamespace: boolean;
}

/** MediaWiki removes everything but these from a JSONP callback name. */
function sanitizeCallback(name: string): string {
  return name.replace(/[^\][.\w$]+/g, '');
}

/** The printer used until the format's own parameters are read: the one asked for, else jsonfm. */
function requestedOutput(request: ApiRequest): OutputSettings {
  const f = request.peek('format');
  const format = f !== undefined && formatDecls.has(f as FormatName) ? (f as FormatName) : 'jsonfm';
  return { format, formatVersion: 1, utf8: false, ascii: false, wrappedhtml: false, includexmlnamespace: false };
}

export interface HandleOptions {
  /**
   * Answer this error instead of running the action (the request ran out of time, or the
   * database stayed locked): formatted as the request asks, like any other error.
   */
  failure?: ApiError;
  /** Who is asking, when the request's session names an account (callerFor); anonymous otherwise. */
  caller?: Caller;
}

/** How long the answer may be cached: MediaWiki's `smaxage`/`maxage` and the action's cache mode. */
interface CachePolicy {
  mode: 'private' | 'public';
  sMaxAge: number;
  maxAge: number;
  /** The action set both ages (setCacheMaxAge): MediaWiki then writes `max-age` first. */
  setByAction?: boolean;
}

/** What came of the request up to the rendering of the answer. */
interface Dispatched {
  output: OutputSettings;
  cache: CachePolicy;
  outcome: ActionOutcome | null;
  /** The action's own printer, once it has chosen one. */
  printer: CustomPrinter | null;
  /** The error answered instead, and when it was raised (RequestContext.tick). */
  failure: { error: ApiError; seq: number } | null;
}

/**
 * One request, one answer. A query stopped by its deadline (StoreInterruptedError) or a locked
 * database (StoreBusyError) is not answered here: it is thrown to the caller, which decides
 * whether to run the request again (elsewhere, or later) or to answer with `failure`.
 */
export async function handleApiRequest(api: Api, request: ApiRequest, options: HandleOptions = {}): Promise<ApiResponse> {
  const started = process.hrtime.bigint();
  const { services, modules } = api;
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Cache-Control': 'private, must-revalidate, max-age=0',
  };

  // CORS is decided before anything else: a mismatch is a bare 403, like MediaWiki.
  const origin = request.peek('origin');
  if (origin !== undefined) {
    const refused = handleCors(services, request, origin, headers);
    if (refused) return refused;
  }
  // ApiMain::lacksSameOriginSecurity: a JSONP-style request runs logged out, whatever the format.
  if (request.peek('callback') !== undefined || request.header('treat-as-untrusted') !== undefined) {
    headers['MediaWiki-Login-Suppressed'] = 'true';
  }
  // OPTIONS (a CORS preflight) ends with the CORS headers: the follow-up GET or POST gets the answer.
  if (request.method === 'OPTIONS') {
    const { 'X-Frame-Options': _frame, 'Cache-Control': _cache, ...preflight } = headers;
    return { status: 200, headers: { ...preflight, 'Content-Type': 'text/html; charset=UTF-8' }, body: '' };
  }

  const ctx = new RequestContext(services, modules.queryModules, request, options.caller);
  const requested = readRequestedFields(ctx, modules.main);
  const dispatched = await dispatch(ctx, modules, options);
  if (typeof dispatched === 'string') return helpPageResponse(dispatched, headers);
  return renderAnswer(ctx, dispatched, requested, headers, started);
}

/** What main's parameters decide beyond the output format. */
interface MainParams {
  action: string;
  format: FormatName;
  assert?: string;
  assertuser?: string;
  maxlag?: number;
}

/** Reads main's parameters; the error format and the cache ages apply from here on. */
function readMainParams(ctx: RequestContext, main: ReadableModuleDecl, cache: CachePolicy): MainParams {
  const p = ctx.reader.readAll(main, 'main', '');
  cache.sMaxAge = (p.smaxage as number) ?? 0;
  cache.maxAge = (p.maxage as number) ?? 0;
  ctx.errorFormat = p.errorformat as ErrorFormat;
  return {
    action: p.action as string,
    format: p.format as FormatName,
    assert: p.assert as string | undefined,
    assertuser: p.assertuser as string | undefined,
    maxlag: p.maxlag as number | undefined,
  };
}

/**
 * Main's parameters, the output format, the checks before the action and the action itself. An
 * action that answers with a page of its own (help) gives its page.
 */
async function dispatch(ctx: RequestContext, modules: ApiModules, options: HandleOptions): Promise<Dispatched | string> {
  const cache: CachePolicy = { mode: 'private', sMaxAge: 0, maxAge: 0 };
  let output: OutputSettings | null = null;
  try {
    const main = readMainParams(ctx, modules.main, cache);
    output = readOutputSettings(ctx, main.format);
    ctx.formatVersion = output.formatVersion;

    const action = modules.actions.get(main.action)!;
    ctx.actionName = action.name;
    const handler = action.handler;
    if (handler && 'page' in handler) return handler.page(ctx, modules);
    if (options.failure) throw options.failure;
    checkBeforeAction(ctx, main);
    if (!handler || !isServed(action)) refuseAction(ctx, action, main.maxlag, modules);
    // ApiMain::setupModule reads the action's own parameters before the permission and maxlag
    // checks: opensearch's parameter errors come first, and its warnings go with their errors.
    if (action.name === 'opensearch') ctx.reader.readAll(action, action.path, action.prefix);
    checkReadPermission(ctx.services.site, ctx.caller, action, ctx.request, modules.queryModules);
    if (main.maxlag !== undefined) checkMaxLag(ctx.services, main.maxlag);

    const outcome = await handler.result(ctx, action, modules);
    cache.mode = outcome.cacheMode;
    if (outcome.cacheMaxAge !== undefined) Object.assign(cache, { maxAge: outcome.cacheMaxAge, sMaxAge: outcome.cacheMaxAge, setByAction: true });
    const printer = outcome.printer ?? null;
    if (printer) output = readOutputSettings(ctx, printer.format);
    reportUnusedParams(ctx);
    return { output, cache, outcome, printer, failure: null };
  } catch (e) {
    if (e instanceof StoreInterruptedError || e instanceof StoreBusyError) throw e;
    const error = toApiError(e, ctx);
    const seq = ctx.tick();
    cache.mode = 'private';
    return { output: output ?? errorPrinterSettings(ctx, requestedOutput(ctx.request)), cache, outcome: null, printer: null, failure: { error, seq } };
  }
}

/** The API result (or error) in the requested format, with MediaWiki's headers. */
function renderAnswer(ctx: RequestContext, dispatched: Dispatched, requested: RequestedFields, headers: Record<string, string>, started: bigint): ApiResponse {
  const { services, request } = ctx;
  const { output, cache, outcome, printer } = dispatched;
  let { failure } = dispatched;
  let warnings = ctx.warnings;
  // ApiOpenSearchFormatJson: warnings have no place in the list; they are dropped, or the answer.
  if (printer?.jsonList && !failure && warnings.items.length) {
    if (printer.jsonList.warningsAsError) {
      const removed: ResultObject = {};
      addWarningsToResult(removed, warnings, ctx.renderContext());
      const error = new ApiError(msg('apierror-opensearch-json-warnings'), { code: 'warnings', data: { warnings: removed.warnings! }, modulePath: printer.format });
      failure = { error, seq: ctx.tick() };
      cache.mode = 'private';
    }
    warnings = new WarningLog();
  }
  // The XML printer's own warning, added while it prints (after everything else).
  if (output.xslt !== undefined && (output.format === 'xml' || output.format === 'xmlfm')) {
    ctx.warnings.add(output.format, msg('apiwarn-xslt-disabled'), 'xslt-disabled');
  }

  headers['Cache-Control'] = cacheControl(cache);

  const renderCtx = ctx.renderContext();
  const requestedMembers: [string, ResultNode][] = [];
  if (requested.requestid !== undefined) requestedMembers.push(['requestid', requested.requestid]);
  // On error MediaWiki always names the server (when it shows host names at all).
  if (services.site.showHostnames === true && (requested.servedby || failure)) requestedMembers.push(['servedby', SERVED_BY]);
  if (requested.curtimestamp) requestedMembers.push(['curtimestamp', mwToIso(nowMw())]);
  // errorlang is the error formatter's language: errorformat=bc's is always English.
  if (requested.responselanginfo) requestedMembers.push(['uselang', ctx.useLang], ['errorlang', ctx.errorFormat === 'bc' ? 'en' : ctx.errorLang]);

  let root: ResultObject;
  if (failure) {
    root = errorRoot(failure.error, failure.seq, warnings, renderCtx, requestedMembers, services.apiUrl);
    headers['MediaWiki-API-Error'] = failure.error.code;
    if (failure.error.headers) Object.assign(headers, failure.error.headers);
  } else {
    root = successRoot(ctx, renderCtx, requestedMembers, outcome);
    if (printer?.jsonList) root = listRoot(root, printer.jsonList.members);
    if (printer?.rootSubelements) markSubelements(root, ...printer.rootSubelements);
  }
  // ApiOpenSearchFormatJson answers its list and nothing else (no debug toolbar data either).
  if (services.site.debug && !(printer?.jsonList && !failure)) root.debuginfo = debugInfo(services, request, started);

  cleanResultStrings(root);
  const status = failure ? failure.error.httpStatus : 200;
  const rendered = renderResult(root, {
    format: output.format,
    formatVersion: output.formatVersion,
    utf8: output.utf8,
    ascii: output.ascii,
    callback: output.callback,
    wrappedhtml: output.wrappedhtml,
    xslt: output.xslt,
    includexmlnamespace: output.includexmlnamespace,
    xmlRootElement: printer?.xmlRootElement,
    apiUrl: services.apiUrl,
    requestQueryString: request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '',
    isError: failure !== null,
    siteName: services.site.siteName,
    posted: request.method === 'POST',
    httpStatus: status,
    elapsedMs: Number(process.hrtime.bigint() - started) / 1e6,
    pageModules: services.htmlPageModules,
    articlePath: services.site.articlePath,
  });
  Object.assign(headers, rendered.headers ?? {});
  headers['Content-Type'] = rendered.contentType;
  return { status: rendered.status, headers, body: rendered.body };
}

/**
 * An action this server does not serve, answered as MediaWiki in read-only mode answers it, in
 * ApiMain's order: the token (missing, in the query string, not the caller's), then the rights
 * (writeapi) and the read-only mode for a write action, maxlag, POST; a read action not served yet
 * gets an error that names it (HTTP 200, so that clients stop with a clear message).
 */
function refuseAction(ctx: RequestContext, action: ActionDecl, maxLag: number | undefined, modules: ApiModules): never {
  const { request } = ctx;
  // ApiBase::extractRequestParams: the first required parameter missing, in declaration order
  // (the token is one of them, usually the last).
  for (const name in action.params) {
    if (!action.params[name]!.required || request.peek(`${action.prefix}${name}`) !== undefined) continue;
    throw new ApiError(msg('paramvalidator-missingparam', { plaintext: `${action.prefix}${name}` }), { code: 'missingparam', modulePath: action.path });
  }
  if (action.needsToken !== undefined) {
    const tokenParam = `${action.prefix}token`;
    const token = request.peek(tokenParam)!;
    // ApiBase::requirePostedParameters: a token must not travel in the URL, even of a POST.
    if (request.inQueryString(tokenParam)) {
      throw new ApiError(msg('apierror-mustpostparams', tokenParam, 1), { code: 'mustpostparams', modulePath: action.path });
    }
    if (!tokenIsValid(ctx, action.needsToken, token)) throw new ApiError(msg('apierror-badtoken'), { code: 'badtoken', modulePath: action.path });
  }
  checkReadPermission(ctx.services.site, ctx.caller, action, request, modules.queryModules);
  if (action.writeRights) {
    if (!hasRight(ctx.caller, 'writeapi')) throw new ApiError(msg('apierror-writeapidenied'), { code: 'writeapidenied' });
    throw new ApiError(msg('apierror-readonly'), { code: 'readonly', data: { readonlyreason: ctx.services.site.readOnlyReason } });
  }
  if (maxLag !== undefined) checkMaxLag(ctx.services, maxLag);
  if (action.mustBePosted && request.method !== 'POST') {
    throw new ApiError(msg('apierror-mustbeposted', action.name), { code: 'mustbeposted' });
  }
  throw new ApiError(msg('apierror-wikiquery-actionnotsupported', action.name), { code: 'actionnotsupported' });
}

/** The root members `0` to `count - 1` as a list: nothing else is answered. */
function listRoot(root: ResultObject, count: number): ResultObject {
  const list: ResultObject = {};
  for (let i = 0; i < count; i++) list[String(i)] = root[String(i)];
  return setType(list, 'array');
}

/** MediaWiki's Cache-Control: public answers are cacheable only when smaxage/maxage ask for it. */
function cacheControl({ mode, sMaxAge, maxAge, setByAction }: CachePolicy): string {
  if (mode === 'public' && (sMaxAge !== 0 || maxAge !== 0) && setByAction) return `max-age=${maxAge}, s-maxage=${sMaxAge}, public`;
  if (mode === 'public' && (sMaxAge !== 0 || maxAge !== 0)) return `s-maxage=${sMaxAge}, max-age=${maxAge}, public`;
  return `private, must-revalidate, max-age=${mode === 'private' ? maxAge : 0}`;
}

function readOutputSettings(ctx: RequestContext, format: FormatName): OutputSettings {
  const decl = formatDecls.get(format)!;
  let p;
  try {
    p = ctx.reader.readAll(decl, format, '');
  } catch (e) {
    // The printer is a module of its own: its parameter errors name it.
    if (e instanceof ApiError) e.modulePath ??= format;
    throw e;
  }
  const fv = p.formatversion;
  const callback = typeof p.callback === 'string' ? sanitizeCallback(p.callback) : undefined;
  return {
    format,
    formatVersion: fv === '2' || fv === 'latest' ? 2 : 1,
    utf8: p.utf8 === true,
    ascii: p.ascii === true,
    callback,
    wrappedhtml: p.wrappedhtml === true,
    xslt: typeof p.xslt === 'string' ? p.xslt : undefined,
    includexmlnamespace: p.includexmlnamespace === true,
  };
}

/** The members the request asks to be added to the answer. */
interface RequestedFields {
  requestid?: string;
  servedby: boolean;
  curtimestamp: boolean;
  responselanginfo: boolean;
}

/**
 * What MediaWiki reads before the other parameters (ApiMain::addRequestedFields), so that it
 * answers even when another main parameter is bad: the error format (errors are formatted as asked
 * even when the request fails before its parameters are validated), the requested fields and the
 * languages.
 */
function readRequestedFields(ctx: RequestContext, main: ReadableModuleDecl): RequestedFields {
  const rawErrorFormat = ctx.request.peek('errorformat');
  if (rawErrorFormat && ERROR_FORMATS.has(rawErrorFormat)) ctx.errorFormat = rawErrorFormat as ErrorFormat;
  const read = (name: string): unknown => {
    try {
      return ctx.reader.read(name, main.params[name]!, '', 'main');
    } catch {
      return undefined; // the same error surfaces when all main parameters are read
    }
  };
  const text = (name: string): string | undefined => {
    const value = read(name);
    return typeof value === 'string' ? value : undefined;
  };
  const requested: RequestedFields = {
    requestid: text('requestid'),
    servedby: read('servedby') === true,
    curtimestamp: read('curtimestamp') === true,
    responselanginfo: read('responselanginfo') === true,
  };
  const uselang = text('uselang');
  const errorlang = text('errorlang');
  const siteLang = ctx.services.site.lang;
  ctx.useLang = languageCode(uselang ?? 'user', siteLang);
  ctx.errorLang = errorlang === undefined || errorlang === 'uselang' ? ctx.useLang : languageCode(errorlang, siteLang);
  return requested;
}

/**
 * MediaWiki's ApiResult keeps top-level members in the order they were added, some added on top
 * (ADD_ON_TOP): a JSON object hides it, XML (elements) and PHP do not.
 */
class MemberOrder {
  readonly keys: string[] = [];
  append(key: string): void {
    if (!this.keys.includes(key)) this.keys.push(key);
  }
  prepend(key: string): void {
    if (!this.keys.includes(key)) this.keys.unshift(key);
  }
}

/** Members that ApiQuery/ApiContinuationManager add on top once every module has run. */
const CONTINUATION_MEMBERS = new Set(['batchcomplete', 'continue', 'query-continue', 'query-noncontinue']);

/**
 * A successful answer, in MediaWiki's order: the requested fields first (ApiMain adds them
 * before the action runs), then in the order they happened: `warnings` on top when the first
 * warning is raised, `limits` and `query` appended, the continuation on top after the modules.
 */
function successRoot(
  ctx: RequestContext,
  renderCtx: MessageRenderContext,
  requestedMembers: [string, ResultNode][],
  outcome: ActionOutcome | null,
): ResultObject {
  const values = new Map<string, ResultNode>(requestedMembers);
  const order = new MemberOrder();
  for (const [key] of requestedMembers) order.append(key);
  const events: [number | undefined, () => void][] = [];
  const warnings: ResultObject = {};
  addWarningsToResult(warnings, ctx.warnings, renderCtx);
  if (warnings.warnings !== undefined) {
    values.set('warnings', warnings.warnings);
    events.push([ctx.warnings.firstSeq, () => order.prepend('warnings')]);
  }
  if (ctx.limits.size) {
    values.set('limits', Object.fromEntries(ctx.limits));
    events.push([ctx.limitsSeq, () => order.append('limits')]);
  }
  if (outcome?.query) {
    values.set('query', outcome.query);
    events.push([outcome.querySeq, () => order.append('query')]);
  }
  if (outcome) {
    for (const [key, value] of outcome.top) values.set(key, value);
    events.push([outcome.topSeq, () => {
      const onTop = outcome.top.filter(([key]) => CONTINUATION_MEMBERS.has(key));
      for (const [key] of [...onTop].reverse()) order.prepend(key);
      for (const [key] of outcome.top) if (!CONTINUATION_MEMBERS.has(key)) order.append(key);
    }]);
  }
  events.sort(([a], [b]) => (a ?? 0) - (b ?? 0)).forEach(([, happen]) => happen());
  const root: ResultObject = {};
  for (const key of order.keys) {
    const value = values.get(key)!;
    if (key === 'batchcomplete') setFlag(root, key, value === true, true);
    else root[key] = value;
  }
  return root;
}

/**
 * A failed answer, as ApiMain::substituteResultWithError rebuilds it: warnings raised so far,
 * the error on top of them, warnings raised later on top of that, `docref`, then the requested
 * fields.
 */
function errorRoot(
  error: ApiError,
  errorSeq: number,
  warnings: WarningLog,
  renderCtx: MessageRenderContext,
  requestedMembers: [string, ResultNode][],
  apiUrl: string,
): ResultObject {
  const parts: ResultObject = {};
  addErrorToResult(parts, error, renderCtx, apiUrl);
  addWarningsToResult(parts, warnings, renderCtx);
  const order = new MemberOrder();
  const firstWarning = warnings.firstSeq;
  if (firstWarning !== undefined && firstWarning < errorSeq) order.append('warnings');
  order.prepend(renderCtx.errorFormat === 'bc' ? 'error' : 'errors');
  if (parts.warnings !== undefined) order.prepend('warnings');
  if (parts.docref !== undefined) order.append('docref');
  const root: ResultObject = {};
  for (const key of order.keys) {
    if (key === 'docref') setContent(root, key, parts.docref as string);
    else root[key] = parts[key];
  }
  for (const [key, value] of requestedMembers) root[key] = value;
  return root;
}

/**
 * An error before the format's own parameters were read: MediaWiki's error printer reads them
 * anyway, and falls back to the defaults with two warnings when they are bad too.
 */
function errorPrinterSettings(ctx: RequestContext, fallback: OutputSettings): OutputSettings {
  try {
    const settings = readOutputSettings(ctx, fallback.format);
    ctx.formatVersion = settings.formatVersion;
    return settings;
  } catch (e) {
    if (e instanceof ApiError) {
      ctx.warnings.add('main', msg('apiwarn-errorprinterfailed'), 'errorprinterfailed');
      ctx.warnings.add(fallback.format, e.apiMessage, e.code);
    }
    return fallback;
  }
}

/**
 * RequestContext::sanitizeLangCode, then the language LanguageFactory makes of it: lower-cased;
 * the wiki's language for an invalid code, `qqq` or none, and for `user` and `content` (an
 * anonymous caller has no preference); a deprecated code's successor (`als` is `gsw`).
 */
function languageCode(value: string, siteLang: string): string {
  if (value === 'user' || value === 'content') return siteLang;
  const code = value.toLowerCase();
  return code === '' || code === 'qqq' || !isValidLanguageCode(code) ? siteLang : languageForCode(code);
}

/**
 * ApiMain::checkMaxLag: the most lagged replica taking reads is further behind than `maxlag`
 * seconds (a wiki without replicas counts as -1, as in MediaWiki). Bots back off on this error.
 */
function checkMaxLag(services: ApiServices, maxLag: number): void {
  const { host, lag } = services.store.replication?.maxLag() ?? { host: '', lag: -1 };
  if (!(lag > maxLag)) return;
  const headers = { 'Retry-After': String(Math.max(Math.trunc(maxLag), 5)), 'X-Database-Lag': String(Math.trunc(lag)) };
  const data = { host, lag, type: 'db' };
  const message = services.site.showHostnames === true ? msg('apierror-maxlag', lag, host) : msg('apierror-maxlag-generic', lag);
  throw new ApiError(message, { code: 'maxlag', data, headers });
}

/** `assert` and `assertuser`, and MediaWiki's word on a POST without a Content-Type. */
function checkBeforeAction(ctx: RequestContext, { assert, assertuser: assertUser }: MainParams): void {
  const caller = ctx.caller;
  if (assertUser !== undefined && (caller.isAnonymous || caller.name !== assertUser)) {
    throw new ApiError(msg('apierror-assertnameduserfailed', assertUser), { code: 'assertnameduserfailed' });
  }
  if (assert === 'user' && caller.isAnonymous) throw new ApiError(msg('apierror-assertuserfailed'), { code: 'assertuserfailed' });
  if (assert === 'anon' && !caller.isAnonymous) throw new ApiError(msg('apierror-assertanonfailed'), { code: 'assertanonfailed' });
  if (assert === 'bot' && !caller.rights.has('bot')) throw new ApiError(msg('apierror-assertbotfailed'), { code: 'assertbotfailed' });
  // PHP reads no parameters from such a body; MediaWiki says so.
  if (ctx.request.method === 'POST' && !ctx.request.header('content-type')) {
    ctx.deprecation('main', 'apiwarn-deprecation-post-without-content-type', [], 'post-without-content-type');
  }
}

function reportUnusedParams(ctx: RequestContext): void {
  const unused = ctx.request.unusedNames();
  if (!unused.length) return;
  // MediaWiki lists them with their positions among the request's parameters.
  const keys = unused.map((name) => ctx.request.position(name));
  ctx.warnings.add('main', msg('apierror-unrecognizedparams', { list: unused, type: 'comma', keys }, unused.length), 'unrecognizedparams');
}

/** Where internal errors are reported (the server's log); one call per error. */
export type InternalErrorReporter = (id: string, error: unknown, url: string) => void;

let reportInternalError: InternalErrorReporter = (id, error, url) => {
  const summary = error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error);
  console.error(`[${id}] internal error while serving ${url}: ${summary}`);
};

export function setInternalErrorReporter(reporter: InternalErrorReporter): void {
  reportInternalError = reporter;
}

/** MediaWiki's request ids: 24 hexadecimal digits. */
function requestId(): string {
  return randomBytes(12).toString('hex');
}

/** The request ran past the time limit: MediaWiki's RequestTimeoutException, caught by ApiMain. */
export function timeLimitError(limitMs: number): ApiError {
  const errorClass = 'Wikimedia\\RequestTimeout\\RequestTimeoutException';
  const seconds = Number((limitMs / 1000).toFixed(3));
  return new ApiError(msg('apierror-exceptioncaught', requestId(), toPlaintext(msg('timeouterror-text', seconds))), {
    code: `internal_api_error_${errorClass}`,
    data: { errorclass: errorClass },
  });
}

/**
 * Another process kept the database locked past the wait: the query error MediaWiki's database
 * layer raises (SQLite's error 5), answered 503 so that clients try again.
 */
export function databaseBusyError(): ApiError {
  return databaseException('DBQueryError', 'Error 5: database is locked', { httpStatus: 503 });
}

/** An exception of MediaWiki's database layer as ApiMain answers it (its namespace left out of the code). */
function databaseException(className: 'DBQueryError' | 'DBConnectionError', text: string, options: { httpStatus?: number; headers?: Record<string, string> } = {}): ApiError {
  return new ApiError(msg('apierror-exceptioncaught', requestId(), text), {
    code: `internal_api_error_${className}`,
    data: { errorclass: `Wikimedia\\Rdbms\\${className}` },
    ...options,
  });
}

function toApiError(e: unknown, ctx: RequestContext): ApiError {
  if (e instanceof StoreUnavailableError) return databaseUnavailableError();
  if (e instanceof StoreQueryError) return databaseQueryError(e);
  return e instanceof ApiError ? e : internalError(e, ctx.request.url);
}

/**
 * The database refused the query for a value it was given: MediaWiki's DBQueryError, which it
 * answers (with $wgShowExceptionDetails, as the fixture) with the database's error, HTTP 200.
 */
function databaseQueryError(e: StoreQueryError): ApiError {
  return databaseException('DBQueryError', `Error ${e.code}: ${e.message}`);
}

/**
 * No database server answers: MediaWiki's DBConnectionError, answered 503 with Retry-After so
 * that clients try again (the servers' names are logged, not shown).
 */
export function databaseUnavailableError(): ApiError {
  return databaseException('DBConnectionError', 'Cannot access the database', { httpStatus: 503, headers: { 'Retry-After': '5' } });
}

/** What a bug answers: an id to find its one log line by, and the class of what was thrown. */
export function internalError(e: unknown, url: string): ApiError {
  const id = requestId();
  const type = e instanceof Error ? e.constructor.name : 'Error';
  reportInternalError(id, e, url);
  return new ApiError(msg('apierror-exceptioncaughttype', id, type), {
    code: `internal_api_error_${type}`,
    httpStatus: 500,
    data: { errorclass: type },
  });
}

function helpPageResponse(page: string, headers: Record<string, string>): ApiResponse {
  return {
    status: 200,
    headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Content-Disposition': 'inline; filename=api-help.html' },
    body: page,
  };
}

/**
 * ApiMain::handleCORS for `origin=`: `*` for anonymous cross-site requests; otherwise it must equal
 * the Origin header (a bare 403 if not), and the origin must be one of the wiki's
 * $wgCrossSiteAJAXdomains (and none of its exceptions) for the CORS headers to be sent. A preflight
 * (OPTIONS with Access-Control-Request-Method) is told the methods and, when all are allowed
 * ($wgAllowedCorsHeaders), the headers it asked for.
 */
function handleCors(services: ApiServices, request: ApiRequest, origin: string, headers: Record<string, string>): ApiResponse | null {
  let allowOrigin: string;
  let allowCredentials: string;
  let allowTiming: string | undefined;
  let matched: boolean;
  const anonymous = origin === '*';
  if (anonymous) {
    headers['MediaWiki-Login-Suppressed'] = 'true';
    [matched, allowOrigin, allowCredentials] = [true, '*', 'false'];
  } else {
    const header = request.header('origin')?.trim();
    const origins = header ? header.split(/\s+/) : [];
    if (!origins.includes(origin)) {
      return {
        status: 403,
        headers: { 'Cache-Control': 'no-cache', 'Content-Type': 'text/html; charset=UTF-8', 'X-Content-Type-Options': 'nosniff' },
        body: "'origin' parameter does not match Origin header\n",
      };
    }
    const { crossSiteAjaxDomains: domains, crossSiteAjaxDomainExceptions: exceptions } = services.site;
    matched = origins.every((o) => domains.some((d) => matchesDomain(o, d)) && !exceptions.some((d) => matchesDomain(o, d)));
    [allowOrigin, allowCredentials, allowTiming] = [header!, 'true', header!];
  }
  if (matched) {
    const preflight = request.method === 'OPTIONS' && request.header('access-control-request-method') !== undefined;
    if (preflight) {
      const requested = request.header('access-control-request-headers');
      if (requested !== undefined) {
        if (!allowedHeaders(requested, services.site.allowedCorsHeaders)) {
          headers['MediaWiki-CORS-Rejection'] = 'Unsupported header requested in preflight';
          return null;
        }
        headers['Access-Control-Allow-Headers'] = requested;
      }
      headers['Access-Control-Allow-Methods'] = 'POST, GET, HEAD';
    }
    headers['Access-Control-Allow-Origin'] = allowOrigin;
    headers['Access-Control-Allow-Credentials'] = allowCredentials;
    if (allowTiming !== undefined) headers['Timing-Allow-Origin'] = allowTiming;
    if (!preflight) headers['Access-Control-Expose-Headers'] = 'MediaWiki-API-Error, Retry-After, X-Database-Lag, MediaWiki-Login-Suppressed';
  } else {
    headers['MediaWiki-CORS-Rejection'] = 'Origin mismatch';
  }
  if (!anonymous) headers['Vary'] = 'Origin';
  return null;
}

/** Every header a preflight asks for (a comma-separated list) is one the wiki allows, case aside. */
function allowedHeaders(requested: string, allowed: readonly string[]): boolean {
  if (requested.trim() === '') return true;
  const allowedLower = new Set(allowed.map((name) => name.toLowerCase()));
  return requested.split(',').every((name) => allowedLower.has(name.trim().toLowerCase()));
}

function matchesDomain(origin: string, pattern: string): boolean {
  const host = origin.replace(/^[a-z]+:\/\//i, '').replace(/:\d+$/, '');
  const re = new RegExp('^' + pattern.split('*').map((s) => s.replace(/[.?+^$[\]\\(){}|-]/g, '\\$&')).join('.*') + '$', 'i');
  return re.test(host);
}
