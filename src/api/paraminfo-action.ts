// action=paraminfo: reads its parameters and renders the declarations through src/api/paraminfo.ts.
import type { RequestContext } from './context.ts';
import { moduleRegistry, pageSetDecl, paraminfoDecl } from './main-declarations.ts';
import { renderParamInfoResult, type HelpFormat } from './paraminfo.ts';
import type { ResultObject } from './result.ts';

export function executeParamInfo(ctx: RequestContext): ResultObject {
  const p = ctx.reader.readAll(paraminfoDecl, 'paraminfo', '');
  const answer = renderParamInfoResult(
    {
      modules: (p.modules as string[] | undefined) ?? [],
      helpformat: p.helpformat as HelpFormat,
      querymodules: p.querymodules as string[] | undefined,
      mainmodule: p.mainmodule !== undefined,
      pagesetmodule: p.pagesetmodule !== undefined,
      formatmodules: p.formatmodules as string[] | undefined,
    },
    moduleRegistry,
    ctx.services.site,
    { pageSet: pageSetDecl, highLimits: ctx.highLimits },
  );
  for (const w of answer.warnings) ctx.warnings.add('paraminfo', w.message, w.code);
  return { paraminfo: answer.paraminfo };
}
