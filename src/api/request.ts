// One API request as the engine sees it: parameters (tracked as they are read), headers, caller address.

/** An ApiRequest as plain data, to hand it to another thread. */
export interface TransferredRequest {
  method: string;
  values: [string, string][];
  headers: Record<string, string | undefined>;
  ip: string;
  url: string;
  cleaned: [string, string][];
  arrays: string[];
  nameOrder?: readonly string[];
}

export class ApiRequest {
  private readonly used = new Set<string>();
  private nameList?: readonly string[];
  private positions?: Map<string, number>;

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

  /** The same request with nothing read yet, to run it again from the start. */
  fresh(): ApiRequest {
    return new ApiRequest(this.method, this.values, this.headers, this.ip, this.url, this.cleaned, this.arrays, this.nameOrder);
  }

  toTransfer(): TransferredRequest {
    return {
      method: this.method,
      values: [...this.values],
      headers: { ...this.headers },
      ip: this.ip,
      url: this.url,
      cleaned: [...this.cleaned],
      arrays: [...this.arrays],
      nameOrder: this.nameOrder,
    };
  }

  static fromTransfer(t: TransferredRequest): ApiRequest {
    return new ApiRequest(t.method, new Map(t.values), t.headers, t.ip, t.url, new Map(t.cleaned), new Set(t.arrays), t.nameOrder);
  }

  /** Whether `name` came in the URL's query string rather than a POST body (MediaWiki wants tokens in the body). */
  inQueryString(name: string): boolean {
    const start = this.url.indexOf('?');
    return start >= 0 && new URLSearchParams(this.url.slice(start + 1)).has(name);
  }

  /** The parameter was sent as `name[]=...`, which MediaWiki ignores with a warning when it is read. */
  usesArraySyntax(name: string): boolean {
    return this.arrays.has(name);
  }

  /** Every parameter name of the request, array-syntax ones included, in request order. */
  names(): readonly string[] {
    if (!this.nameList) {
      // A name sent first as an array and then with a value keeps its first place: only
      // nameOrder knows it.
      const known = (name: string) => this.values.has(name) || this.arrays.has(name);
      this.nameList = this.nameOrder?.filter(known) ?? [...this.values.keys(), ...this.arrays];
    }
    return this.nameList;
  }

  /** Where a name stands among names(), -1 if it is not there (MediaWiki's keys of unrecognized parameters). */
  position(name: string): number {
    if (!this.positions) {
      this.positions = new Map();
      for (const [index, known] of this.names().entries()) this.positions.set(known, index);
    }
    return this.positions.get(name) ?? -1;
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
