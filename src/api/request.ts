// One API request as the engine sees it: parameters (tracked as they are read), headers, caller address.

export class ApiRequest {
  private readonly used = new Set<string>();

  constructor(
    readonly method: string,
    private readonly values: Map<string, string>,
    readonly headers: Readonly<Record<string, string | undefined>>,
    readonly ip: string,
    /** Path and query string as received, for debuginfo and the jsonfm page. */
    readonly url: string,
    /** Raw bytes (as a latin1 string) of values that input cleanup had to change. */
    private readonly cleaned: ReadonlyMap<string, string> = new Map(),
    /** Names sent with PHP array syntax (`titles[]=x`): they have no value. */
    private readonly arrays: ReadonlySet<string> = new Set(),
    /** Every name in request order, when array-syntax names must be placed among the others. */
    private readonly nameOrder?: readonly string[],
  ) {}

  /** The parameter was sent as `name[]=...`, which MediaWiki ignores with a warning when it is read. */
  usesArraySyntax(name: string): boolean {
    return this.arrays.has(name);
  }

  /** Every parameter name of the request, array-syntax ones included. */
  names(): string[] {
    if (this.arrays.size === 0) return [...this.values.keys()];
    const known = (name: string) => this.values.has(name) || this.arrays.has(name);
    return this.nameOrder?.filter(known) ?? [...this.values.keys(), ...this.arrays];
  }

  /** The raw bytes of a value that was not valid, NFC-normalised text; undefined when it was. */
  rawIfCleaned(name: string): string | undefined {
    return this.cleaned.get(name);
  }

  /** Reads a parameter and remembers that it was used (unused ones are warned about). */
  get(name: string): string | undefined {
    this.used.add(name);
    return this.values.get(name);
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  /** Reads without marking as used (for deciding, not consuming). */
  peek(name: string): string | undefined {
    return this.values.get(name);
  }

  markUsed(name: string): void {
    this.used.add(name);
  }

  unusedNames(): string[] {
    return this.names().filter((k) => !this.used.has(k));
  }

  entries(): IterableIterator<[string, string]> {
    return this.values.entries();
  }

  header(name: string): string | undefined {
    return this.headers[name.toLowerCase()];
  }
}
