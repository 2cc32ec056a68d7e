// The actions of MediaWiki 1.39 this server declares but does not serve (edit, login, parse, ...):
// paraminfo describes them as MediaWiki does, and the main module refuses them as a read-only wiki
// would. Their declarations are data recorded from MediaWiki by scripts/record-paraminfo.mjs; what
// depends on the wiki (its change tags, groups, content models, skins, import sources, settings)
// is recorded as where it comes from and rendered for each wiki (src/api/site-enums.ts, paraminfo.ts).
import { MEDIAWIKI_SOURCE, type ParamDecl } from '../params/declaration.ts';
import { tokenTypeOf, type ActionDecl, type ApiParamDecl } from './action.ts';
import recordedActions from './mediawiki-actions.json' with { type: 'json' };

/** A recorded action: its declaration without what its name gives (path, group) and with MediaWiki's defaults left out. */
interface RecordedAction {
  classname: string;
  prefix?: string;
  helpUrls?: string[];
  readRights?: boolean;
  writeRights?: boolean;
  mustBePosted?: boolean;
  internal?: boolean;
  deprecated?: boolean;
  dynamicParameters?: boolean;
  params: Record<string, ApiParamDecl>;
}

interface RecordedActions {
  /** ApiMain::MODULES order (then the internal ones), served actions included. */
  registrationOrder: string[];
  actions: Record<string, RecordedAction>;
}

const data = recordedActions as unknown as RecordedActions;

/** The page set's generator: its choices are the query modules this server declares. */
function isPageSetGenerator(param: ApiParamDecl): boolean {
  return param.type === 'submodule' && param.submoduleParamPrefix === 'g' && param.submodules === undefined;
}

function actionDecl(name: string, recorded: RecordedAction, pageSetGenerator: ParamDecl): ActionDecl {
  const params = Object.fromEntries(
    Object.entries(recorded.params).map(([param, decl]) => [param, isPageSetGenerator(decl) ? pageSetGenerator : decl]),
  );
  const decl: ActionDecl = {
    name,
    path: name,
    group: 'action',
    prefix: recorded.prefix ?? '',
    classname: recorded.classname,
    source: MEDIAWIKI_SOURCE,
    helpUrls: recorded.helpUrls ?? [],
    readRights: recorded.readRights ?? false,
    writeRights: recorded.writeRights ?? false,
    mustBePosted: recorded.mustBePosted ?? false,
    internal: recorded.internal ?? false,
    deprecated: recorded.deprecated ?? false,
    dynamicParameters: recorded.dynamicParameters ?? false,
    needsToken: tokenTypeOf(params),
    params,
  };
  return decl;
}

export function mediawikiActions(pageSetGenerator: ParamDecl): { registrationOrder: readonly string[]; actions: ReadonlyMap<string, ActionDecl> } {
  const actions = new Map(Object.entries(data.actions).map(([name, recorded]) => [name, actionDecl(name, recorded, pageSetGenerator)]));
  return { registrationOrder: data.registrationOrder, actions };
}
