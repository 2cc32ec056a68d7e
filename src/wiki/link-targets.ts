// What the parser does to an internal link's target before reading it as a title: URL escapes decoded, subpage forms resolved (Parser::handleInternalLinks2, Linker::normalizeSubpageLink).

import { phpTrim } from './php-values.ts';

/**
 * handleInternalLinks2's rawurldecode of a target holding `%`, with `<` and `>` escaped again.
 * Escapes that are no UTF-8 stay as they are, but those of ASCII characters.
 */
export function decodeLinkTarget(target: string): string {
  return rawUrlDecode(target).replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function rawUrlDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%([0-9A-Fa-f]{2})/g, (whole, hex: string) => {
      const code = parseInt(hex, 16);
      return code < 0x80 ? String.fromCharCode(code) : whole;
    });
  }
}

/**
 * Linker::normalizeSubpageLink: `/Sub`, `/Sub/`, `../` and `../Sibling` relative to the page
 * whose prefixed text is `contextText` (null where its namespace has no subpages: nothing
 * changes). `text` is the link's text, which `/Sub/` and `../Sibling/` fill when it is empty.
 */
export function normalizeSubpageLink(contextText: string | null, target: string, text = ''): { target: string; text: string } {
  if (contextText === null) return { target, text };
  const hash = target.indexOf('#');
  const suffix = hash === -1 ? '' : target.slice(hash);
  let base = phpTrim(hash === -1 ? target : target.slice(0, hash));
  if (base.startsWith('/')) {
    const trailing = /\/+$/.exec(base);
    let noSlash: string;
    if (trailing) noSlash = base = base.slice(1, -trailing[0].length);
    else noSlash = base.slice(1);
    return { target: `${contextText}/${phpTrim(noSlash)}${suffix}`, text: text === '' ? base + suffix : text };
  }
  let dotdot = 0;
  let rest = base;
  while (rest.startsWith('../')) {
    dotdot++;
    rest = rest.slice(3);
  }
  if (dotdot === 0) return { target, text };
  const exploded = contextText.split('/');
  // Not below the top-level page.
  if (exploded.length <= dotdot) return { target, text };
  let resolved = exploded.slice(0, -dotdot).join('/');
  if (rest.endsWith('/')) {
    rest = rest.replace(/\/+$/, '');
    if (text === '') text = rest + suffix;
  }
  rest = phpTrim(rest);
  if (rest !== '') resolved += `/${rest}`;
  return { target: resolved + suffix, text };
}
