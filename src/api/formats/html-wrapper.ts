// The *fm formats: MediaWiki's "MediaWiki API result" HTML page (skin apioutput) with the
// pretty-printed result in <pre>, or with wrappedhtml=1 the JSON wrapper ApiSandbox reads.

import { randomBytes } from 'node:crypto';
import { OrderedObject, type ResultObject } from '../result.ts';
import { printerHeaders } from './headers.ts';
import { encodeJson } from './json-encode.ts';
import { appendQueryValue } from './php-query.ts';
import { rawView } from './raw.ts';
import type { FormatOptions, HtmlPageUser, RenderedBody } from './types.ts';

/** HttpStatus::getMessage for the statuses an API answer can carry. */
const STATUS_TEXT: Record<number, string> = {
  200: 'OK', 204: 'No Content', 304: 'Not Modified', 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden',
  404: 'Not Found', 405: 'Method Not Allowed', 409: 'Conflict', 413: 'Request Entity Too Large', 415: 'Unsupported Media Type',
  429: 'Too Many Requests', 500: 'Internal Server Error', 501: 'Not Implemented', 503: 'Service Unavailable',
};

export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? '';
}

/** htmlspecialchars with ENT_QUOTES, as Html attributes and text are escaped. */
function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' })[c]!);
}

/** Html::element contents: only `&` and `<` are escaped. */
export function escapePreText(s: string): string {
  return s.replace(/[&<]/g, (c) => (c === '&' ? '&amp;' : '&lt;'));
}

/** Which format the page presents: its name in the notice, and whether a non-HTML form exists. */
export interface PrettyFormat {
  /** Upper-case name shown in the notice (JSON, XML, PHP, RAW). */
  name: string;
  /** The non-HTML format to link to, or null for rawfm which has none. */
  plainFormat: string | null;
}

interface SiteUrls {
  server: string;
  apiPath: string;
  scriptPath: string;
  articleUrl: (title: string) => string;
}

function siteUrls(opts: FormatOptions): SiteUrls {
  const url = new URL(opts.apiUrl);
  const apiPath = url.pathname;
  const scriptPath = apiPath.slice(0, apiPath.lastIndexOf('/'));
  const articlePath = opts.articlePath ?? `${scriptPath}/index.php/$1`;
  return {
    server: url.origin,
    apiPath,
    scriptPath,
    articleUrl: (title) => url.origin + articlePath.replace('$1', title),
  };
}

const DOCS_API = '<a href="https://www.mediawiki.org/wiki/API" class="extiw" title="mw:API">complete documentation</a>';
const DOCS_MYLANG =
  '<a href="https://www.mediawiki.org/wiki/Special:MyLanguage/API" class="extiw" title="mw:Special:MyLanguage/API">complete documentation</a>';

/** The api-format-prettyprint-header* message, parsed as MediaWiki renders it in English. */
function headerNotice(format: PrettyFormat, opts: FormatOptions, urls: SiteUrls): string {
  const help = `<a href="${urls.apiPath}?action=help&amp;modules=main">API help</a>`;
  if (format.plainFormat === null) {
    return (
      '<p>This is an HTML representation intended for debugging, and is unsuitable for application use.\n' +
      `</p><p>See the ${DOCS_MYLANG}, or the ${help} for more information.\n</p>`
    );
  }
  const lc = format.plainFormat;
  let switchTo: string;
  let docs: string;
  if (opts.posted) {
    switchTo = `<kbd>format=${lc}</kbd>`;
    docs = DOCS_MYLANG;
  } else {
    const href = `${urls.server}${urls.apiPath}?${appendQueryValue(opts.requestQueryString ?? '', 'format', lc)}`;
    switchTo = `<a rel="nofollow" class="external text" href="${escapeHtml(href)}"><kbd>format=${lc}</kbd></a>`;
    docs = DOCS_API;
  }
  return (
    `<p>This is the HTML representation of the ${format.name} format. HTML is good for debugging, but is unsuitable for application use.\n` +
    `</p><p>Specify the <var>format</var> parameter to change the output format. To see the non-HTML representation of the ${format.name} format, set ${switchTo}.\n` +
    `</p><p>See the ${docs}, or the ${help} for more information.\n</p>`
  );
}

function statusNotice(status: number): string {
  if (status === 200) return '';
  return (
    '<div class="api-pretty-header api-pretty-status">' +
    `This response would be returned with HTTP status ${status} ${statusText(status)}.</div>`
  );
}

const MONTHS = ['', 'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** ResourceLoader's JSON inside <script>: UTF-8 kept, `<>&` hex-escaped. */
function scriptJson(value: Parameters<typeof encodeJson>[0]): string {
  return encodeJson(value, { utf8: true, hexTags: true });
}

function rlConf(requestId: string, user: HtmlPageUser | undefined): string {
  const s = scriptJson;
  const userPart = user
    ? `"wgUserName":${s(user.name)},"wgUserGroups":${s(user.groups)}`
    : '"wgUserName":null,"wgUserGroups":["*"]';
  const userDetails = user
    ? `,"wgUserId":${user.id},"wgUserEditCount":${user.editCount},"wgUserRegistration":${user.registration === null ? 'null' : user.registration}`
    : '';
  return (
    '{"wgBreakFrames":false,"wgSeparatorTransformTable":["",""],"wgDigitTransformTable":["",""],' +
    `"wgDefaultDateFormat":"dmy","wgMonthNames":${s(MONTHS)},"wgRequestId":${s(requestId)},"wgCSPNonce":false,` +
    '"wgCanonicalNamespace":"Special","wgCanonicalSpecialPageName":"ApiHelp","wgNamespaceNumber":-1,' +
    '"wgPageName":"Special:ApiHelp","wgTitle":"ApiHelp","wgCurRevisionId":0,"wgRevisionId":0,"wgArticleId":0,' +
    `"wgIsArticle":false,"wgIsRedirect":false,"wgAction":"view",${userPart},"wgCategories":[],` +
    '"wgPageContentLanguage":"en","wgPageContentModel":"wikitext","wgRelevantPageName":"Special:ApiHelp",' +
    `"wgRelevantArticleId":0${userDetails},"wgIsProbablyEditable":false,"wgRelevantPageIsProbablyEditable":false}`
  );
}

function tokensScript(user: HtmlPageUser | undefined): string {
  const t = user?.tokens ?? { patrol: '+\\', watch: '+\\', csrf: '+\\' };
  const tokens = scriptJson(new OrderedObject([['patrolToken', t.patrol], ['watchToken', t.watch], ['csrfToken', t.csrf]]));
  return (
    '<script>(RLQ=window.RLQ||[]).push(function(){mw.loader.implement("user.options@12s5i",' +
    `function($,jQuery,require,module){mw.user.tokens.set(${tokens});});});</script>`
  );
}

const DEPRECATION_WARNING =
  'mw.log.warn("This page is using the deprecated ResourceLoader module \\"mediawiki.skinning.interface\\".\\n' +
  '[1.37] The use of the `content` feature with ResourceLoaderSkinModule is deprecated. Use `content-media` instead. ' +
  '[1.37] The use of the `legacy` feature with ResourceLoaderSkinModule is deprecated(T89981) and is a NOOP since 1.39 (T304325). ' +
  'This should be urgently omited to retain compatibility with future MediaWiki versionsMore information can be found at ' +
  '[[mw:Manual:ResourceLoaderSkinModule]]. ");';

function page(content: string, opts: FormatOptions, urls: SiteUrls): string {
  const site = escapeHtml(opts.siteName ?? 'MediaWiki');
  const sp = urls.scriptPath;
  const requestId = opts.requestId ?? randomBytes(12).toString('hex');
  const modules = opts.pageModules ?? ['site', 'mediawiki.page.ready'];
  const retrieved = escapeHtml(urls.articleUrl('Special:ApiHelp'));
  return (
    '<!DOCTYPE html>\n<html class="client-nojs" lang="en" dir="ltr">\n<head>\n<meta charset="UTF-8"/>\n' +
    `<title>MediaWiki API result - ${site}</title>\n` +
    `<script>document.documentElement.className="client-js";RLCONF=${rlConf(requestId, opts.pageUser)};` +
    'RLSTATE={"site.styles":"ready","user.styles":"ready","user":"ready","user.options":"loading","mediawiki.apipretty":"ready","mediawiki.skinning.interface":"ready"};\n' +
    `RLPAGEMODULES=${scriptJson(modules)};</script>\n` +
    tokensScript(opts.pageUser) + '\n' +
    `<link rel="stylesheet" href="${sp}/load.php?lang=en&amp;modules=mediawiki.apipretty%7Cmediawiki.skinning.interface&amp;only=styles&amp;skin=apioutput"/>\n` +
    `<script async="" src="${sp}/load.php?lang=en&amp;modules=startup&amp;only=scripts&amp;raw=1&amp;skin=apioutput"></script>\n` +
    '<meta name="ResourceLoaderDynamicStyles" content=""/>\n' +
    `<link rel="stylesheet" href="${sp}/load.php?lang=en&amp;modules=site.styles&amp;only=styles&amp;skin=apioutput"/>\n` +
    '<meta name="generator" content="MediaWiki 1.39.17"/>\n<meta name="robots" content="noindex,nofollow"/>\n' +
    '<meta name="format-detection" content="telephone=no"/>\n<meta name="viewport" content="width=1000"/>\n' +
    '<link rel="icon" href="/favicon.ico"/>\n' +
    `<link rel="search" type="application/opensearchdescription+xml" href="${sp}/opensearch_desc.php" title="${site} (en)"/>\n` +
    `<link rel="EditURI" type="application/rsd+xml" href="${escapeHtml(urls.server + urls.apiPath)}?action=rsd"/>\n` +
    `<link rel="alternate" type="application/atom+xml" title="${site} Atom feed" href="${sp}/index.php?title=Special:RecentChanges&amp;feed=atom"/>\n` +
    '</head>\n' +
    '<body class="mediawiki ltr sitedir-ltr mw-hide-empty-elt ns--1 ns-special mw-special-ApiHelp page-Special_ApiHelp rootpage-Special_ApiHelp skin-apioutput action-view"><div class="mw-body" role="main">\n' +
    '\t<h1 id="firstHeading">MediaWiki API result</h1>\n\t<div class="mw-body-content">\n' +
    `\t\t<div id="mw-content-text" class="mw-body-content">${content}\n` +
    `<div class="printfooter" data-nosnippet="">Retrieved from "<a dir="ltr" href="${retrieved}">${retrieved}</a>"</div></div>\n` +
    '\t</div>\n</div>\n' +
    `<script>(RLQ=window.RLQ||[]).push(function(){${DEPRECATION_WARNING}mw.config.set({"wgBackendResponseTime":${Math.round(opts.elapsedMs ?? 0)}});});</script>\n` +
    '</body>\n</html>'
  );
}

/** Wraps a pretty-printed result (`text`) the way ApiFormatBase::closePrinter does for *fm formats. */
export function renderHtml(format: PrettyFormat, text: string, tree: ResultObject, opts: FormatOptions): RenderedBody {
  const status = opts.httpStatus ?? 200;
  const pre = `<pre class="api-pretty-content">${escapePreText(text)}</pre>`;
  if (opts.wrappedhtml) {
    const cont = tree.continue;
    const wrapped = encodeJson(
      new OrderedObject([
        ['status', status],
        ['statustext', statusText(status)],
        ['html', pre],
        ['modules', ['mediawiki.apipretty']],
        ['continue', cont === undefined ? null : rawView(cont)],
        ['time', Math.round(opts.elapsedMs ?? 0)],
      ]),
      { utf8: true },
    );
    return {
      contentType: 'text/mediawiki-api-prettyprint-wrapped; charset=utf-8',
      body: wrapped,
      status: 200,
      headers: printerHeaders('api-result-wrapped.json'),
    };
  }
  const urls = siteUrls(opts);
  const header = `<div class="api-pretty-header">${headerNotice(format, opts, urls)}</div>${statusNotice(status)}`;
  return {
    contentType: 'text/html; charset=UTF-8',
    body: page(header + pre, opts, urls),
    status: 200,
    headers: {
      ...printerHeaders('api-result.html'),
      'Content-language': 'en',
      Expires: 'Thu, 01 Jan 1970 00:00:00 GMT',
    },
  };
}
