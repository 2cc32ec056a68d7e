// What a caller tells the output formats about the request, and what they hand back.

export type FormatName = 'json' | 'jsonfm' | 'xml' | 'xmlfm' | 'php' | 'phpfm' | 'rawfm' | 'none';

/** The user shown in the HTML page's script config (logged-in requests only). */
export interface HtmlPageUser {
  name: string;
  id: number;
  groups: string[];
  editCount: number;
  /** Registration time in milliseconds since the epoch, or null when unknown. */
  registration: number | null;
  /** The user's patrol, watch and csrf tokens (anonymous users get `+\`). */
  tokens: { patrol: string; watch: string; csrf: string };
}

export interface FormatOptions {
  format: FormatName;
  formatVersion: 1 | 2;
  /** json: formatversion 1 leaves non-ASCII unescaped. */
  utf8?: boolean;
  /** json: formatversion 2 escapes non-ASCII. */
  ascii?: boolean;
  /** json: JSONP callback name (an empty string still wraps). */
  callback?: string;
  /** *fm: answer with the JSON wrapper ApiSandbox uses instead of a page. */
  wrappedhtml?: boolean;
  /** xml: ignored, MediaWiki's $wgEnableUnsafeXsltOption is off (the caller adds the warning). */
  xslt?: string;
  includexmlnamespace?: boolean;
  /** xml: the root element's name (`api`; ApiOpenSearch's printer names it `SearchSuggestion`). */
  xmlRootElement?: string;
  /** The raw query string of a GET request (no `?`), for the link to the non-HTML form. */
  requestQueryString?: string;
  /** The API's canonical URL (the wiki's $wgServer + script path), e.g. http://127.0.0.1:8081/wiki/api.php */
  apiUrl: string;
  /** Accepted for the caller's convenience; the bytes of an error are those of its result tree. */
  isError?: boolean;
  siteName?: string;
  /** A POST request: the HTML header names `format=json` without linking to it. */
  posted?: boolean;
  /** The HTTP status MediaWiki would send (e.g. 405); *fm pages show it in a notice and stay 200. */
  httpStatus?: number;
  /** wgRequestId in the HTML page; a random 24-hex-digit id when absent. */
  requestId?: string;
  /** Time spent on the request in ms (HTML page's wgBackendResponseTime, wrapped `time`). */
  elapsedMs?: number;
  /** The logged-in user the HTML page describes; anonymous when absent. */
  pageUser?: HtmlPageUser;
  /** RLPAGEMODULES of the HTML page; MediaWiki lists site, mediawiki.page.ready and default gadgets. */
  pageModules?: string[];
  /** The wiki's article path, default `<script path>/index.php/$1`. */
  articlePath?: string;
}

export interface RenderedBody {
  /** Content-Type header value. */
  contentType: string;
  body: string;
  /** HTTP status to send: the requested status, except that HTML pages are always 200. */
  status: number;
  /** Further headers MediaWiki's printer sets, with MediaWiki's spelling of their names. */
  headers: Record<string, string>;
}
