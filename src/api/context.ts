// Per-request state: the caller, the parameter reader, warnings, and facts gathered for the output.
import { anonymousCaller, hasRight, type Caller } from './caller.ts';
import { WarningLog, type ErrorFormat, type MessageRenderContext } from './errors.ts';
import { msg, type MessageParam } from './i18n/messages.ts';
import { ParamReader, type ParamContext } from './params/validate.ts';
import type { QueryModuleRegistry } from './query/query-modules.ts';
import type { ApiRequest } from './request.ts';
import type { ApiServices } from './services.ts';
import type { UserParamKind } from '../wiki/users.ts';

/** The wiki's namespace ids a parameter may name, listed once per server (parameter checks cache by this list). */
const namespaceIdsCache = new WeakMap<ApiServices, readonly number[]>();

function nonNegativeNamespaceIds(services: ApiServices): readonly number[] {
  let ids = namespaceIdsCache.get(services);
  if (!ids) namespaceIdsCache.set(services, (ids = services.namespaces.all().map((n) => n.id).filter((id) => id >= 0)));
  return ids;
}

function lacksSameOriginSecurity(request: ApiRequest): boolean {
  return request.peek('callback') !== undefined || request.peek('origin') === '*' || request.header('treat-as-untrusted') !== undefined;
}

export class RequestContext {
  readonly caller: Caller;
  private events = 0;
  readonly warnings = new WarningLog(() => this.tick());
  readonly reader: ParamReader;
  /** `limit=max` values by module name (MediaWiki's top-level `limits`). */
  readonly limits = new Map<string, number>();
  /** When the first `limit=max` was resolved (MediaWiki creates `limits` then). */
  limitsSeq: number | undefined;
  formatVersion: 1 | 2 = 1;
  useLang = 'en';
  errorLang = 'en';
  errorFormat: ErrorFormat = 'bc';
  private deprecationHelpAdded = false;
  /** `action=query` etc., for deprecation `feature` strings. */
  actionName = 'main';

  constructor(
    readonly services: ApiServices,
    readonly queryModules: QueryModuleRegistry,
    readonly request: ApiRequest,
    /** The session's caller (callerFor); anonymous when none is given. */
    caller?: Caller,
  ) {
    // ApiMain::lacksSameOriginSecurity: JSONP, `origin=*` and Treat-as-Untrusted requests run logged out.
    this.caller = caller && !lacksSameOriginSecurity(request) ? caller : anonymousCaller(services.site, request.ip);
    const namespaceIds = nonNegativeNamespaceIds(services);
    const paramContext: ParamContext = {
      request,
      warnings: this.warnings,
      highLimits: hasRight(this.caller, 'apihighlimits'),
      resolveEnum: (source) => services.resolveEnum(source),
      namespaceIds,
      normalizeUser: (value, subtypes) => {
        const user = services.userNames.parseParam(value);
        return user && subtypes.includes(user.kind as UserParamKind) ? user.name : null;
      },
      onMaxLimit: (moduleName, value) => this.setParsedLimit(moduleName, value),
      deprecation: (modulePath, key, params, feature) => this.deprecation(modulePath, key, params, feature),
      featurePrefix: (modulePath) => this.featurePrefix(modulePath),
    };
    this.reader = new ParamReader(paramContext);
  }

  /**
   * Numbers the events that add a top-level member to the answer (a first warning, `limits`,
   * `query`, continuation): MediaWiki's result keeps members in the order they were added, some
   * of them on top, so the answer is assembled from these numbers (visible in XML and PHP).
   */
  tick(): number {
    return ++this.events;
  }

  setParsedLimit(moduleName: string, value: number): void {
    this.limitsSeq ??= this.tick();
    this.limits.set(moduleName, value);
  }

  /** How messages are rendered in this request's error format and language. */
  renderContext(): MessageRenderContext {
    return {
      errorFormat: this.errorFormat,
      // ApiErrorFormatter_BackCompat renders in English whatever the request's language.
      lang: this.errorFormat === 'bc' ? 'en' : this.errorLang,
      articleUrl: (t) => this.services.articleUrl(t),
    };
  }

  get highLimits(): boolean {
    return hasRight(this.caller, 'apihighlimits');
  }

  /** `action=query&list=random` for module `query+random`. */
  featurePrefix(modulePath: string): string {
    if (modulePath === 'main') return '';
    const parts = modulePath.split('+');
    if (parts.length === 1) return `action=${parts[0]}`;
    const module = this.queryModules.byName(parts[1]);
    const group = module?.decl.group ?? 'list';
    return `action=${parts[0]}&${group}=${parts[1]}`;
  }

  deprecation(modulePath: string, key: string, params: MessageParam[], feature: string): void {
    this.warnings.add(modulePath, msg(key, ...params), 'deprecation', { feature });
    if (!this.deprecationHelpAdded) {
      this.deprecationHelpAdded = true;
      this.warnings.add('main', msg('api-usage-mailinglist-ref'), 'deprecation-help');
    }
  }
}
