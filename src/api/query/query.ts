// action=query: builds the page set, runs prop/list/meta modules, writes continuation.
import { canSeeDeletedHistory } from '../../wiki/visibility.ts';
import { ApiError, apiError, formatMessage } from '../errors.ts';
import { msg, type MessageParam } from '../i18n/messages.ts';
import type { RequestContext } from '../context.ts';
import type { SpecialRedirectCaller } from './special-redirects.ts';
import type { QueryModule } from '../module.ts';
import type { ModuleGroup } from '../params/declaration.ts';
import type { ParamValues } from '../params/validate.ts';
import { list, mergeInto, setIndexedTagName, type ResultList, type ResultMap, type ResultNode, type ResultObject } from '../result.ts';
import { Continuation, type ContinueValue } from './continuation.ts';
import { PageSet, titleMapKey, type InvalidReasonFormatter } from './pageset.ts';
import type { GeneratorSink, QueryRun, RedirectMergePolicy } from './run.ts';
import type { TitleKey } from '../../store/pages.ts';
import { pageSetParams, submoduleParam } from '../main-declarations.ts';
import { CONT } from '../params/common.ts';
import { MEDIAWIKI_SOURCE } from '../params/declaration.ts';
import type { ActionOutcome, ServedActionDecl } from '../actions/action.ts';
import type { QueryModuleRegistry } from './query-modules.ts';
import { changedMultiValues } from '../input-cleanup.ts';

const GROUP_ORDER: readonly ModuleGroup[] = ['prop', 'list', 'meta'];

interface PlannedModule {
  module: QueryModule;
  group: ModuleGroup;
}

class GeneratedPages implements GeneratorSink {
  readonly pageIds: number[] = [];
  readonly titles: TitleKey[] = [];
  readonly revisionIds: number[] = [];
  addPageId(pageId: number): void {
    this.pageIds.push(pageId);
  }
  addTitle(ns: number, dbKey: string): void {
    this.titles.push({ ns, dbKey });
  }
  addRevisionId(revId: number): void {
    this.revisionIds.push(revId);
  }
  readonly pageData = new Map<string, ResultObject>();
  redirectMergePolicy: RedirectMergePolicy | null = null;
  setPageData(ns: number, dbKey: string, data: ResultObject): void {
    const titleKey = titleMapKey(ns, dbKey);
    this.pageData.set(titleKey, { ...this.pageData.get(titleKey), ...data });
  }
  setRedirectMergePolicy(merge: RedirectMergePolicy): void {
    this.redirectMergePolicy = merge;
  }
}

/** The output under `query`, shared by every module of the request. */
class QueryOutput {
  readonly query: ResultObject = {};
  pages: ResultMap | null = null;
  readonly top: ResultObject = {};
  /** Bytes of data added by modules, as MediaWiki's ApiResult::size counts them. */
  size = 0;
  truncated = false;

  constructor(private readonly maxSize: number) {}

  /** Whether an item still fits under $wgAPIMaxResultSize; counts it when it does. */
  fits(item: ResultNode): boolean {
    const size = resultSize(item);
    if (this.size + size > this.maxSize) {
      this.truncated = true;
      return false;
    }
    this.size += size;
    return true;
  }
}

/** MediaWiki counts the bytes of scalar values only, keys and structure are free. */
function resultSize(node: ResultNode | undefined): number {
  if (node === null || node === undefined || typeof node === 'boolean') return 0;
  if (typeof node === 'string') return Buffer.byteLength(node);
  if (typeof node === 'number') return String(node).length;
  let total = 0;
  if (node instanceof Map) for (const v of node.values()) total += resultSize(v);
  else if (Array.isArray(node)) for (const v of node) total += resultSize(v);
  else for (const k in node) total += resultSize(node[k]);
  return total;
}

class ModuleRun implements QueryRun {
  readonly name: string;
  readonly path: string;

  constructor(
    private readonly ctx: RequestContext,
    readonly module: QueryModule,
    readonly prefix: string,
    readonly params: ParamValues,
    readonly pageset: PageSet,
    readonly generator: GeneratorSink | null,
    private readonly output: QueryOutput,
    private readonly continuation: Continuation,
    readonly resolveRedirects: boolean,
  ) {
    this.name = module.decl.name;
    this.path = module.decl.path;
  }

  get services() {
    return this.ctx.services;
  }
  get caller() {
    return this.ctx.caller;
  }
  get warnings() {
    return this.ctx.warnings;
  }
  get formatVersion() {
    return this.ctx.formatVersion;
  }
  get errorFormat() {
    return this.ctx.errorFormat;
  }
  get useLang() {
    return this.ctx.useLang;
  }

  get errorLang() {
    return this.ctx.errorLang;
  }
  get requestHeaders() {
    return this.ctx.request.headers;
  }
  get lacksSameOriginSecurity() {
    const request = this.ctx.request;
    return request.peek('callback') !== undefined || request.peek('origin') === '*' || request.header('treat-as-untrusted') !== undefined;
  }

  rawParam(name: string): string | undefined {
    return this.ctx.request.peek(this.prefix + name);
  }

  requestText(name: string): string | undefined {
    return this.ctx.request.peek(name);
  }
  setParsedLimit(value: number): void {
    this.ctx.setParsedLimit(this.name, value);
  }

  private ownList(tag?: string): ResultList {
    let l = this.output.query[this.name] as ResultList | undefined;
    if (!l) {
      l = list(tag ?? this.module.itemTag ?? 'item', []);
      this.output.query[this.name] = l;
    }
    return l;
  }

  addItem(item: ResultNode, tag?: string): boolean {
    const target = this.ownList(tag);
    if (!this.output.fits(item)) return false;
    target.push(item);
    return true;
  }

  ensureOwnList(): void {
    this.ownList();
  }

  setQueryValue(key: string, value: ResultNode): void {
    this.output.query[key] = value;
  }

  setQueryValueBeforeList(key: string, value: ResultNode): void {
    const query = this.output.query;
    const entries = Object.entries(query);
    const at = entries.findIndex(([name]) => name === this.name);
    if (at < 0) {
      query[key] = value;
      return;
    }
    for (const [name] of entries) delete query[name];
    entries.splice(at, 0, [key, value]);
    for (const [name, node] of entries) query[name] = node;
  }

  addPageFields(pageId: number, fields: ResultObject): void {
    const page = this.output.pages?.get(pageId) as ResultObject | undefined;
    if (page) mergeInto(page, fields);
  }

  addPageFieldsIfFits(pageId: number, fields: ResultObject): boolean {
    const page = this.output.pages?.get(pageId) as ResultObject | undefined;
    if (!page) return true;
    if (!this.output.fits(fields)) return false;
    mergeInto(page, fields);
    return true;
  }

  addPageItem(pageId: number, listKey: string, item: ResultNode, tag?: string): boolean {
    const page = this.output.pages?.get(pageId) as ResultObject | undefined;
    if (!page) return true;
    if (!this.output.fits(item)) return false;
    let l = page[listKey] as ResultList | undefined;
    if (!l) page[listKey] = l = list(tag ?? 'item', []);
    l.push(item);
    return true;
  }

  setContinue(param: string, value: ContinueValue): void {
    const full = this.paramName(param);
    if (this.generator) this.continuation.addGeneratorContinue(full, value);
    else this.continuation.addContinue(this.name, full, value);
  }

  setGeneratorBatchStart(param: string, value: ContinueValue): void {
    if (this.generator) this.continuation.addGeneratorPosition(this.paramName(param), value);
  }

  setTopValue(key: string, value: ResultNode): void {
    this.output.top[key] = value;
  }

  warn(key: string, ...params: MessageParam[]): void {
    this.ctx.warnings.add(this.path, msg(key, ...params));
  }

  fail(key: string, params: MessageParam[] = [], code?: string, data?: Record<string, ResultNode>): never {
    const e = apiError(key, params, code, data);
    e.modulePath = this.path;
    throw e;
  }

  paramName(name: string): string {
    return this.prefix + name;
  }

  deprecated(key: string, params: MessageParam[], feature: string): void {
    this.ctx.deprecation(this.path, key, params, feature);
  }
}

function withModulePath<T>(path: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof ApiError && !e.modulePath) e.modulePath = path;
    throw e;
  }
}

async function withModulePathAsync<T>(path: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof ApiError && !e.modulePath) e.modulePath = path;
    throw e;
  }
}

function notImplemented(module: QueryModule): ApiError {
  return new ApiError(msg('apierror-wikiquery-notimplemented', module.decl.group ?? 'list', module.decl.name), {
    code: 'notimplemented',
    modulePath: module.decl.path,
    data: { module: module.decl.name },
  });
}

/** action=query, declared over the query modules handed in: its prop/list/meta choices and the page set. */
export function queryAction(queryModules: QueryModuleRegistry): ServedActionDecl {
  const inGroup = (group: ModuleGroup) => queryModules.decls(group);
  return {
    name: 'query',
    path: 'query',
    group: 'action',
    prefix: '',
    classname: 'ApiQuery',
    source: MEDIAWIKI_SOURCE,
    helpUrls: [
      'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Query',
      'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Meta',
      'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Properties',
      'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Lists',
    ],
    params: {
      prop: submoduleParam(inGroup('prop'), { multi: true }),
      list: submoduleParam(inGroup('list'), { multi: true }),
      meta: submoduleParam(inGroup('meta'), { multi: true }),
      indexpageids: { type: 'boolean' },
      export: { type: 'boolean' },
      exportnowrap: { type: 'boolean' },
      exportschema: { type: ['0.10', '0.11'], default: '0.11' },
      iwurl: { type: 'boolean' },
      continue: CONT,
      rawcontinue: { type: 'boolean' },
      ...pageSetParams(queryModules),
    },
    handler: { result: executeQuery },
  };
}

/**
 * Runs the page set and the modules; `top` holds the members written once every module has run
 * (`batchcomplete`, `continue` or `query-continue`, and what modules put there).
 */
export async function executeQuery(ctx: RequestContext, action: ServedActionDecl): Promise<ActionOutcome> {
  const { services, reader } = ctx;
  const params = withModulePath('query', () => reader.readAll(action, 'query', ''));
  const output = new QueryOutput(services.site.apiMaxResultSize);
  let querySeq: number | undefined;
  const noteQueryWritten = (): void => {
    if (querySeq === undefined && Object.keys(output.query).length > 0) querySeq = ctx.tick();
  };

  const planned: PlannedModule[] = [];
  for (const group of GROUP_ORDER) {
    for (const name of (params[group] as string[] | undefined) ?? []) {
      const module = ctx.queryModules.get(group, name);
      if (module) planned.push({ module, group });
    }
  }
  const pageModules = planned.filter((p) => p.group === 'prop').map((p) => p.module.decl.name);
  const continuation = withModulePath('query', () => new Continuation(ctx.request, planned.map((p) => p.module.decl.name), pageModules));

  for (const p of planned) {
    if (p.module.decl.readRights !== false && !ctx.caller.rights.has('read')) {
      throw new ApiError(msg('apierror-readapidenied'), { code: 'readapidenied', modulePath: p.module.decl.path });
    }
  }

  const sources = (['titles', 'pageids', 'revids'] as const).filter((s) => params[s] !== undefined);
  const generatorName = params.generator as string | undefined;
  if (sources.length > 1) {
    throw new ApiError(msg('apierror-invalidparammix-cannotusewith', sources[1], sources[0]), { code: 'multisource', modulePath: 'query' });
  }

  const resolveRedirects = params.redirects === true;
  if (resolveRedirects && sources[0] === 'revids' && !generatorName) ctx.warnings.add('query', msg('apiwarn-redirectsandrevids'));
  let pageset = new PageSet(services, resolveRedirects && !generatorName, specialRedirectCallerOf(ctx));
  const pagesetRequested = sources.length > 0 || generatorName !== undefined;

  if (!continuation.generatorDone) {
    await withModulePathAsync('query', () => fillFromSources(ctx, pageset, params, sources));
    if (generatorName) {
      pageset = await runGenerator(ctx, generatorName, pageset, output, continuation, resolveRedirects);
    }
    const renderCtx = ctx.renderContext();
    const formatReason: InvalidReasonFormatter | undefined = ctx.errorFormat === 'bc'
      ? undefined
      : (code, messageParams) => formatMessage(code, msg(code, ...messageParams), renderCtx);
    const pages = pageset.buildPagesOutput(formatReason);
    pageset.writeGeneralInfo(output.query, { iwurl: params.iwurl === true });
    if (pagesetRequested && pages.size > 0) {
      if (params.indexpageids === true) output.query.pageids = list('id', PageSet.pageIdsOf(pages));
      output.pages = pages;
      output.query.pages = pages;
    }
    noteQueryWritten();
  }

  for (const p of planned) {
    const name = p.module.decl.name;
    if (!continuation.isActive(name)) {
      // Read its parameters anyway so they are not reported as unrecognised.
      for (const param of Object.keys(p.module.decl.params)) ctx.request.markUsed(p.module.decl.prefix + param);
      continue;
    }
    const moduleParams = withModulePath(p.module.decl.path, () => reader.readAll(p.module.decl, p.module.decl.path));
    const execute = p.module.execute;
    if (!execute) throw notImplemented(p.module);
    const run = new ModuleRun(ctx, p.module, p.module.decl.prefix, moduleParams, pageset, null, output, continuation, resolveRedirects);
    if (p.group === 'list' && !p.module.listBesideQuery) run.ensureOwnList();
    await withModulePathAsync(p.module.decl.path, async () => execute(run));
    noteQueryWritten();
  }

  if (output.truncated) {
    ctx.warnings.add('result', msg('apiwarn-truncatedresult', { num: services.site.apiMaxResultSize }), 'truncatedresult');
  }
  const top: [string, ResultNode][] = [];
  const topSeq = ctx.tick();
  if (params.rawcontinue === true) {
    const raw = continuation.rawResult(generatorName ?? null);
    if (raw.length) {
      const qc: ResultObject = {};
      for (const [module, kv] of raw) qc[module] = Object.fromEntries(kv);
      top.push(['query-continue', qc]);
    }
  } else {
    const { data, batchComplete } = continuation.result();
    if (batchComplete) top.push(['batchcomplete', true]);
    if (data.length) top.push(['continue', Object.fromEntries(data)]);
  }
  for (const [k, v] of Object.entries(output.top)) if (v !== undefined) top.push([k, v]);
  const hasQuery = Object.keys(output.query).length > 0;
  const cacheMode = planned.some((p) => p.module.decl.cacheMode === 'private') ? 'private' : 'public';
  return { top, query: hasQuery ? output.query : null, cacheMode, querySeq, topSeq };
}

async function fillFromSources(ctx: RequestContext, pageset: PageSet, params: ParamValues, sources: readonly ('titles' | 'pageids' | 'revids')[]): Promise<void> {
  const source = sources[0];
  if (source === 'titles') {
    const raw = ctx.request.rawIfCleaned('titles');
    await pageset.addTitles(params.titles as string[], raw === undefined ? undefined : changedMultiValues(raw, ctx.request.method !== 'POST'));
  }
  else if (source === 'pageids') await pageset.addPageIds(params.pageids as number[]);
  else if (source === 'revids') await pageset.addRevisionIds(params.revids as number[], { archived: canSeeDeletedHistory(ctx.caller.rights) });
}

async function runGenerator(
  ctx: RequestContext,
  name: string,
  input: PageSet,
  output: QueryOutput,
  continuation: Continuation,
  resolveRedirects: boolean,
): Promise<PageSet> {
  const module = ctx.queryModules.byName(name);
  if (!module) throw new ApiError(msg('apierror-badgenerator-unknown', name), { code: 'badgenerator', modulePath: 'query' });
  if (!module.decl.generator) {
    throw new ApiError(msg('apierror-badgenerator-notgenerator', name), { code: 'badgenerator', modulePath: 'query' });
  }
  const execute = module.execute;
  if (!execute) throw notImplemented(module);
  const prefix = 'g' + module.decl.prefix;
  const params = withModulePath(module.decl.path, () => ctx.reader.readAll(module.decl, module.decl.path, prefix));
  const sink = new GeneratedPages();
  const run = new ModuleRun(ctx, module, prefix, params, input, sink, output, continuation, resolveRedirects);
  await withModulePathAsync(module.decl.path, async () => execute(run));
  const generated = new PageSet(ctx.services, resolveRedirects, specialRedirectCallerOf(ctx));
  if (sink.revisionIds.length) await generated.addRevisionIds(sink.revisionIds, { archived: canSeeDeletedHistory(ctx.caller.rights) });
  await generated.addGenerated(sink.pageIds, sink.titles);
  generated.setGeneratorData(sink.pageData, sink.redirectMergePolicy);
  return generated;
}

/** Who asks, for the special pages that redirect to the caller's own pages. */
function specialRedirectCallerOf(ctx: RequestContext): SpecialRedirectCaller {
  return { userName: ctx.caller.name, userLanguage: ctx.useLang };
}
