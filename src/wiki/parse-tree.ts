// Reading the preprocessor's tree back: the `parsetree` XML, a node's original text, text without
// templates, and one section of a page (sections and rvprop=parsetree of prop=revisions).
import { phpInt } from './php-values.ts';
import { preprocess, type PPNode, type PreprocessOptions } from './preprocessor.ts';

function htmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function xmlElement(name: string, attributes: string, inner: string): string {
  return inner === '' ? `<${name}${attributes}/>` : `<${name}${attributes}>${inner}</${name}>`;
}

/** PPNode_Hash_Tree::__toString of the root: the XML MediaWiki shows as `parsetree`. */
export function treeToXml(root: readonly PPNode[]): string {
  return xmlElement('root', '', nodesToXml(root, true));
}

function nodesToXml(nodes: readonly PPNode[], atRoot = false): string {
  let s = '';
  for (const node of nodes) s += nodeToXml(node, atRoot);
  return s;
}

function nodeToXml(node: PPNode, atRoot: boolean): string {
  if (typeof node === 'string') return htmlEscape(node);
  switch (node.kind) {
    case 'template':
    case 'arg': {
      let inner = xmlElement('title', '', nodesToXml(node.title));
      let index = 1;
      for (const part of node.parts) {
        const name = part.name === null ? xmlElement('name', ` index="${index++}"`, '') : xmlElement('name', '', nodesToXml(part.name)) + '<equals>=</equals>';
        inner += xmlElement('part', '', name + xmlElement('value', '', nodesToXml(part.value)));
      }
      return xmlElement(node.kind === 'arg' ? 'tplarg' : 'template', node.lineStart ? ' lineStart="1"' : '', inner);
    }
    case 'ext': {
      let inner = xmlElement('name', '', htmlEscape(node.name)) + xmlElement('attr', '', htmlEscape(node.attributes));
      if (node.inner !== null) inner += xmlElement('inner', '', htmlEscape(node.inner));
      if (node.close !== null) inner += xmlElement('close', '', htmlEscape(node.close));
      return xmlElement('ext', '', inner);
    }
    case 'comment':
    case 'ignore':
      return xmlElement(node.kind, '', htmlEscape(node.text));
    case 'heading':
      // Headings are only `h` at the top level: inside templates they are possible ones.
      return xmlElement(atRoot ? 'h' : 'possible-h', ` level="${node.level}" i="${node.index}"`, nodesToXml(node.children));
    case 'equals':
      return '<equals>=</equals>';
  }
}

/** PPFrame::expand with RECOVER_ORIG: the text a node was read from. */
export function originalText(node: PPNode): string {
  if (typeof node === 'string') return node;
  switch (node.kind) {
    case 'template':
    case 'arg': {
      const [open, close] = node.kind === 'template' ? ['{{', '}}'] : ['{{{', '}}}'];
      let s = open + nodesText(node.title);
      for (const part of node.parts) s += '|' + (part.name === null ? '' : nodesText(part.name) + '=') + nodesText(part.value);
      return s + close;
    }
    case 'ext':
      return node.inner === null ? `<${node.name}${node.attributes}/>` : `<${node.name}${node.attributes}>${node.inner}${node.close ?? ''}`;
    case 'comment':
    case 'ignore':
      return node.text;
    case 'heading':
      return nodesText(node.children);
    case 'equals':
      return '=';
  }
}

function nodesText(nodes: readonly PPNode[]): string {
  let s = '';
  for (const node of nodes) s += originalText(node);
  return s;
}

/**
 * PPFrame::expand as Parser::preprocess does it when the tree holds no template or argument:
 * comments and ignored parts go, the rest stays; null when there is a template or argument.
 */
export function expandWithoutTemplates(nodes: readonly PPNode[]): string | null {
  let s = '';
  for (const node of nodes) {
    if (typeof node === 'string') {
      s += node;
      continue;
    }
    switch (node.kind) {
      case 'template':
      case 'arg':
        return null;
      case 'heading': {
        const inner = expandWithoutTemplates(node.children);
        if (inner === null) return null;
        s += inner;
        break;
      }
      case 'ext':
      case 'equals':
        s += originalText(node);
        break;
      case 'comment':
      case 'ignore':
        break;
    }
  }
  return s;
}

/**
 * Parser::getSection(text, sectionId, false): the text of a section (`0`, `3`, `T-2`; other
 * strings count as section 0, as PHP's (int) cast makes them), or null when there is none.
 */
export function extractSection(text: string, sectionId: string, options: PreprocessOptions): string | null {
  const parts = sectionId.split('-');
  const sectionIndex = phpInt(parts.pop()!);
  const forInclusion = parts.includes('T');
  if (text === '') return sectionIndex === 0 ? '' : null;
  const nodes = preprocess(text, { ...options, forInclusion: forInclusion || options.forInclusion });
  let at = 0;
  let targetLevel = 1000;
  if (sectionIndex !== 0) {
    for (; at < nodes.length; at++) {
      const node = nodes[at]!;
      if (typeof node !== 'string' && node.kind === 'heading' && node.index === sectionIndex) {
        targetLevel = node.level;
        break;
      }
    }
  }
  if (at >= nodes.length) return null;
  let out = '';
  for (; at < nodes.length; at++) {
    const node = nodes[at]!;
    if (typeof node !== 'string' && node.kind === 'heading' && node.index !== sectionIndex && node.level <= targetLevel) break;
    out += originalText(node);
  }
  return out.replace(/[ \t\n\r\0\x0B]+$/, '');
}
