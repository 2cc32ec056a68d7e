// action=help (the default action): a short HTML page naming the modules this server answers.
import type { ApiModules, ServedActionDecl } from './actions/action.ts';
import type { RequestContext } from './context.ts';
import { MEDIAWIKI_SOURCE } from './params/declaration.ts';

/** action=help. MediaWiki renders every module's help; this server's page points at paraminfo. */
export function helpAction(): ServedActionDecl {
  return {
    name: 'help',
    path: 'help',
    group: 'action',
    prefix: '',
    classname: 'ApiHelp',
    source: MEDIAWIKI_SOURCE,
    helpUrls: [
      'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Main_page',
      'https://www.mediawiki.org/wiki/Special:MyLanguage/API:FAQ',
      'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Quick_start_guide',
    ],
    readRights: false,
    params: {
      modules: { type: 'string', multi: true, default: 'main' },
      submodules: { type: 'boolean' },
      recursivesubmodules: { type: 'boolean' },
      wrap: { type: 'boolean' },
      toc: { type: 'boolean' },
    },
    handler: { page: (ctx, modules) => renderHelpPage(ctx, modules) },
  };
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function renderHelpPage({ services }: RequestContext, modules: ApiModules): string {
  const rows = modules.queryModules.all
    .map((m) => `<li><code>${m.decl.group}=${escapeHtml(m.decl.name)}</code>${m.execute ? '' : ' (declared, not implemented yet)'}</li>`)
    .join('\n');
  const title = `MediaWiki API help - ${escapeHtml(services.site.siteName)}`;
  return `<!DOCTYPE html>
<html lang="en" dir="ltr">
<head>
<meta charset="UTF-8"/>
<title>${title}</title>
</head>
<body>
<h1>${title}</h1>
<p>This is wikiquery, a read-only server for the MediaWiki Action API. It answers
<code>action=query</code> and <code>action=paraminfo</code>; use <code>format=json</code> in application code.</p>
<p>Parameters of every module: <a href="${escapeHtml(services.apiUrl)}?action=paraminfo&amp;modules=query%2B*">action=paraminfo&amp;modules=query+*</a>.</p>
<ul>
${rows}
</ul>
</body>
</html>
`;
}
