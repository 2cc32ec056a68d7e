// format=none: MediaWiki prints nothing at all.

import { printerHeaders } from './headers.ts';
import type { FormatOptions, RenderedBody } from './types.ts';

export function renderNone(opts: FormatOptions): RenderedBody {
  return {
    contentType: 'text/plain; charset=utf-8',
    body: '',
    status: opts.httpStatus ?? 200,
    headers: printerHeaders('api-result.txt'),
  };
}
