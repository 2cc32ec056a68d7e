// action=help (the default action): a short HTML page naming the modules this server answers.
import type { ApiServices } from './services.ts';

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function renderHelpPage(services: ApiServices): string {
  const rows = services.modules.all
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
