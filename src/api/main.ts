// The main module: one API request in, one HTTP answer out (action, format, errorformat, assert,
// maxlag, origin/CORS, requestid, servedby, curtimestamp, cache headers).
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { RequestContext } from './context.ts';
import { ApiError, addErrorToResult, addWarningsToResult, type ErrorFormat, type MessageRenderContext } from './errors.ts';
import { msg } from './i18n/messages.ts';
import { formatDecls, mainDecl, SERVED_ACTIONS, type FormatName } from './main-declarations.ts';
import type { ApiRequest } from './request.ts';
import { setFlag, type ResultNode, type ResultObject } from './result.ts';
import type { ApiServices } from './services.ts';
import { executeQuery } from './query/query.ts';
import { executeParamInfo } from './paraminfo-action.ts';
import { renderHelpPage } from './help-page.ts';
import { renderResult } from './formats/index.ts';
import { mwToIso, nowMw } from '../wiki/timestamps.ts';
import { debugInfo } from './debuginfo.ts';

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

/** Actions that take a token: MediaWiki first reports the missing token, whatever the method. */
const TOKEN_ACTIONS = new Set([
  'block', 'changecontentmodel', 'delete', 'edit', 'emailuser', 'filerevert', 'imagerotate', 'import',
  'managetags', 'mergehistory', 'move', 'options', 'patrol', 'protect', 'purge', 'revisiondelete',
  'setnotificationtimestamp', 'setpagelanguage', 'tag', 'unblock', 'undelete', 'upload', 'userrights', 'watch',
]);

/** Write actions this read-only server refuses: as MediaWiki would before doing anything. */
function refuseAction(request: ApiRequest, action: string): never {
  if (TOKEN_ACTIONS.has(action) && request.peek('token') === undefined) {
    throw new ApiError(msg('paramvalidator-missingparam', { plaintext: 'token' }), { code: 'missingparam' });
  }
  if (WRITE_ACTIONS_NEEDING_POST.has(action) && request.method !== 'POST') {
    throw new ApiError(msg('apierror-mustbeposted', action), { code: 'mustbeposted' });
  }
  throw new ApiError(msg('apierror-wikiquery-actionnotsupported', action), { code: 'actionnotsupported', httpStatus: 501 });
}

const WRITE_ACTIONS_NEEDING_POST = new Set([
  'block', 'changeauthenticationdata', 'changecontentmodel', 'clearhasmsg', 'clientlogin', 'createaccount',
  'delete', 'edit', 'emailuser', 'filerevert', 'imagerotate', 'import', 'linkaccount', 'login', 'logout',
  'managetags', 'mergehistory', 'move', 'options', 'patrol', 'protect', 'purge', 'removeauthenticationdata',
  'resetpassword', 'revisiondelete', 'rollback', 'setnotificationtimestamp', 'setpagelanguage', 'tag',
  'unblock', 'undelete', 'unlinkaccount', 'upload', 'userrights', 'watch', 'cspreport', 'stashedit',
]);

const SERVED_BY = hostname();
const ERROR_FORMATS = new Set(['bc', 'plaintext', 'wikitext', 'html', 'raw', 'none']);

interface OutputSettings {
  format: FormatName;
  formatVersion: 1 | 2;
  utf8: boolean;
  ascii: boolean;
  callback?: string;
  wrappedhtml: boolean;
}

/** MediaWiki removes everything but these from a JSONP callback name. */
function sanitizeCallback(name: string): string {
  return name.replace(/[^\][.\w$]+/g, '');
}

function readFormatName(request: ApiRequest): FormatName {
  const f = request.peek('format');
  return f !== undefined && formatDecls.has(f as FormatName) ? (f as FormatName) : 'jsonfm';
}

export async function handleApiRequest(services: ApiServices, request: ApiRequest): Promise<ApiResponse> {
  const started = process.hrtime.bigint();
  const ctx = new RequestContext(services, request);
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Cache-Control': 'private, must-revalidate, max-age=0',
  };
  let status = 200;
  let output: OutputSettings = { format: readFormatName(request), formatVersion: 1, utf8: false, ascii: false, wrappedhtml: false };
  const top: [string, ResultNode][] = [];
  let query: ResultObject | null = null;
  let error: ApiError | null = null;
  let extraRoot: ResultObject | null = null;
  let requestId: string | undefined;
  let wantServedBy = false;
  let wantCurTimestamp = false;
  let wantLangInfo = false;
  let outputRead = false;
  let cacheMode: 'private' | 'public' = 'private';
  let sMaxAge = 0;
  let maxAge = 0;

  // CORS is decided before anything else: a mismatch is a bare 403, like MediaWiki.
  const origin = request.peek('origin');
  if (origin !== undefined) {
    const cors = handleCors(services, request, origin, headers);
    if (cors) return cors;
  }

  // Like MediaWiki, errors are formatted as asked even when the request fails before its
  // parameters are validated.
  const rawErrorFormat = request.peek('errorformat');
  if (rawErrorFormat && ERROR_FORMATS.has(rawErrorFormat)) ctx.errorFormat = rawErrorFormat as ErrorFormat;

  try {
    const mainParams = ctx.reader.readAll(mainDecl, 'main', '');
    requestId = mainParams.requestid as string | undefined;
    wantServedBy = mainParams.servedby === true && services.site.showHostnames === true;
    wantLangInfo = mainParams.responselanginfo === true;
    wantCurTimestamp = mainParams.curtimestamp === true;
    sMaxAge = (mainParams.smaxage as number) ?? 0;
    maxAge = (mainParams.maxage as number) ?? 0;
    ctx.errorFormat = mainParams.errorformat as ErrorFormat;
    ctx.useLang = languageCode(mainParams.uselang as string, services.site.lang);
    ctx.errorLang = mainParams.errorlang === 'uselang' ? ctx.useLang : languageCode(mainParams.errorlang as string, services.site.lang);

    output = readOutputSettings(ctx, mainParams.format as FormatName);
    outputRead = true;
    ctx.formatVersion = output.formatVersion;
    if (output.callback !== undefined) headers['MediaWiki-Login-Suppressed'] = 'true';

    const action = mainParams.action as string;
    ctx.actionName = action;
    if (action === 'help') {
      return finishHelp(services, headers);
    }
    if (!SERVED_ACTIONS.has(action)) refuseAction(request, action);

    checkAssert(ctx, mainParams.assert as string | undefined, mainParams.assertuser as string | undefined);

    if (action === 'query') {
      const outcome = await executeQuery(ctx);
      top.push(...outcome.top);
      query = outcome.query;
      cacheMode = outcome.cacheMode;
    } else if (action === 'paraminfo') {
      extraRoot = executeParamInfo(ctx);
      cacheMode = 'public';
    }
    reportUnusedParams(ctx);
  } catch (e) {
    error = toApiError(e, ctx);
    status = error.httpStatus;
    if (!outputRead) output = errorPrinterSettings(ctx, output);
  }

  headers['Cache-Control'] = cacheControl(error === null ? cacheMode : 'private', sMaxAge, maxAge);

  const root: ResultObject = {};
  // Texts exist in English only; `qqx` (message keys) is honoured because it needs no translation.
  const renderCtx: MessageRenderContext = {
    errorFormat: ctx.errorFormat,
    lang: ctx.errorLang === 'qqx' && ctx.errorFormat !== 'bc' ? 'qqx' : 'en',
    articleUrl: (t) => services.articleUrl(t),
  };
  if (requestId !== undefined) root.requestid = requestId;
  if (error) {
    addErrorToResult(root, error, renderCtx, services.apiUrl);
    addWarningsToResult(root, ctx.warnings, renderCtx);
    headers['MediaWiki-API-Error'] = error.code;
  } else {
    for (const [k, v] of top) {
      if (k === 'batchcomplete') setFlag(root, k, v === true, true);
      else root[k] = v;
    }
    addWarningsToResult(root, ctx.warnings, renderCtx);
    if (wantLangInfo) {
      root.uselang = ctx.useLang;
      root.errorlang = ctx.errorLang;
    }
    if (ctx.limits.size) root.limits = Object.fromEntries(ctx.limits);
    if (extraRoot) Object.assign(root, extraRoot);
    if (query) root.query = query;
  }
  if (wantServedBy) root.servedby = SERVED_BY;
  if (wantCurTimestamp) root.curtimestamp = mwToIso(nowMw());
  if (services.site.debug) root.debuginfo = debugInfo(services, request, started);

  const rendered = renderResult(root, {
    format: output.format,
    formatVersion: output.formatVersion,
    utf8: output.utf8,
    ascii: output.ascii,
    callback: output.callback,
    wrappedhtml: output.wrappedhtml,
    apiUrl: services.apiUrl,
    requestQueryString: request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '',
    isError: error !== null,
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

/** MediaWiki's Cache-Control: public answers are cacheable only when smaxage/maxage ask for it. */
function cacheControl(mode: 'private' | 'public', sMaxAge: number, maxAge: number): string {
  if (mode === 'public' && (sMaxAge !== 0 || maxAge !== 0)) return `s-maxage=${sMaxAge}, max-age=${maxAge}, public`;
  return `private, must-revalidate, max-age=${mode === 'private' ? maxAge : 0}`;
}

function readOutputSettings(ctx: RequestContext, format: FormatName): OutputSettings {
  const decl = formatDecls.get(format)!;
  const p = ctx.reader.readAll(decl, format, '');
  const fv = p.formatversion;
  const callback = typeof p.callback === 'string' ? sanitizeCallback(p.callback) : undefined;
  return {
    format,
    formatVersion: fv === '2' || fv === 'latest' ? 2 : 1,
    utf8: p.utf8 === true,
    ascii: p.ascii === true,
    callback,
    wrappedhtml: p.wrappedhtml === true,
  };
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
      ctx.warnings.add(fallback.format, e.apiMessage, e.code);
      ctx.warnings.add('main', msg('apiwarn-errorprinterfailed'), 'errorprinterfailed');
    }
    return fallback;
  }
}

/** `user` and `content` stand for the wiki's language (an anonymous caller has no preference). */
function languageCode(value: string, siteLang: string): string {
  if (value === 'user' || value === 'content' || !/^[a-z][a-z0-9-]*$/i.test(value)) return siteLang;
  return value.toLowerCase();
}

function checkAssert(ctx: RequestContext, assert: string | undefined, assertUser: string | undefined): void {
  const caller = ctx.caller;
  if (assertUser !== undefined && (caller.isAnonymous || caller.name !== assertUser)) {
    throw new ApiError(msg('apierror-assertnameduserfailed', assertUser), { code: 'assertnameduserfailed' });
  }
  if (assert === 'user' && caller.isAnonymous) throw new ApiError(msg('apierror-assertuserfailed'), { code: 'assertuserfailed' });
  if (assert === 'anon' && !caller.isAnonymous) throw new ApiError(msg('apierror-assertanonfailed'), { code: 'assertanonfailed' });
  if (assert === 'bot' && !caller.rights.has('bot')) throw new ApiError(msg('apierror-assertbotfailed'), { code: 'assertbotfailed' });
}

function reportUnusedParams(ctx: RequestContext): void {
  const all = ctx.request.names();
  const unused = ctx.request.unusedNames();
  if (!unused.length) return;
  // MediaWiki lists them with their positions among the request's parameters.
  const keys = unused.map((u) => all.indexOf(u));
  ctx.warnings.add('main', msg('apierror-unrecognizedparams', { list: unused, type: 'comma', keys }, unused.length), 'unrecognizedparams');
}

function toApiError(e: unknown, ctx: RequestContext): ApiError {
  if (e instanceof ApiError) return e;
  const id = randomBytes(12).toString('hex');
  const type = e instanceof Error ? e.constructor.name : 'Error';
  console.error(`[${id}] internal error while serving ${ctx.request.url}:`, e);
  return new ApiError(msg('apierror-exceptioncaughttype', id, type), {
    code: `internal_api_error_${type}`,
    httpStatus: 500,
    data: { errorclass: type },
  });
}

function finishHelp(services: ApiServices, headers: Record<string, string>): ApiResponse {
  return {
    status: 200,
    headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Content-Disposition': 'inline; filename=api-help.html' },
    body: renderHelpPage(services),
  };
}

/** origin=: `*` for anonymous cross-site requests; otherwise it must equal the Origin header. */
function handleCors(services: ApiServices, request: ApiRequest, origin: string, headers: Record<string, string>): ApiResponse | null {
  const header = request.header('origin');
  if (origin === '*') {
    headers['Access-Control-Allow-Origin'] = '*';
    headers['Access-Control-Allow-Credentials'] = 'false';
    headers['Access-Control-Expose-Headers'] = 'MediaWiki-API-Error, Retry-After, X-Database-Lag, MediaWiki-Login-Suppressed';
    headers['MediaWiki-Login-Suppressed'] = 'true';
    return null;
  }
  const matches = header !== undefined && header.split(/\s+/).includes(origin);
  if (!matches) {
    return {
      status: 403,
      headers: { 'Cache-Control': 'no-cache', 'Content-Type': 'text/html; charset=UTF-8', 'X-Content-Type-Options': 'nosniff' },
      body: "'origin' parameter does not match Origin header\n",
    };
  }
  const allowed = services.site.crossSiteAjaxDomains.some((d) => matchesDomain(origin, d)) &&
    !services.site.crossSiteAjaxDomainExceptions.some((d) => matchesDomain(origin, d));
  if (allowed) {
    headers['Access-Control-Allow-Origin'] = origin;
    headers['Access-Control-Allow-Credentials'] = 'true';
    headers['Access-Control-Expose-Headers'] = 'MediaWiki-API-Error, Retry-After, X-Database-Lag, MediaWiki-Login-Suppressed';
    headers['Vary'] = 'Origin';
  }
  return null;
}

function matchesDomain(origin: string, pattern: string): boolean {
  const host = origin.replace(/^[a-z]+:\/\//i, '').replace(/:\d+$/, '');
  const re = new RegExp('^' + pattern.split('*').map((s) => s.replace(/[.?+^$[\]\\(){}|-]/g, '\\$&')).join('.*') + '$', 'i');
  return re.test(host);
}
