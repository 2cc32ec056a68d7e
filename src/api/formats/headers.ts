// The headers ApiFormatBase::initPrinter sends with every printed result.

export function printerHeaders(filename: string): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Content-Disposition': `inline; filename=${filename}`,
  };
}
