// The database servers of one wiki and how far each is behind the primary, as MediaWiki's
// LoadBalancer reports them (siteinfo's dbrepllag, the API's maxlag check, the health endpoint).

/** One server's lag: seconds behind the primary, or false when it is not replicating. */
export interface ServerLag {
  /** What MediaWiki's getServerName gives: the configured name, else the host (and port). */
  readonly name: string;
  readonly lag: number | false;
}

/** MediaWiki's LoadBalancer::getMaxLag. */
export interface MaxLag {
  /** The most lagged server taking reads; '' when the wiki has no replicas. */
  readonly host: string;
  /** Its lag; -1 when the wiki has no replicas. */
  readonly lag: number;
  /** Its position among lagTimes(). */
  readonly index: number;
}

export interface ServerState {
  readonly name: string;
  readonly role: 'primary' | 'replica';
  readonly weight: number;
  /** Answering queries (false after a connection failure, until it answers again). */
  readonly up: boolean;
  /** Last lag measured: seconds, false when not replicating, null when never measured. */
  readonly lag: number | false | null;
  /** Whether reads may go there now (up, weighted and within its lag bound). */
  readonly readable: boolean;
  /** The last failure, while the server is down or its lag cannot be measured. */
  readonly error?: string;
  /** When the server was last measured (ISO time). */
  readonly checkedAt?: string;
}

/** Read from measurements kept up to date in the background: answering never waits for a server. */
export interface ReplicationStatus {
  /** LoadBalancer::getLagTimes: every server, the primary first (its lag is 0). */
  lagTimes(): ServerLag[];
  maxLag(): MaxLag;
  servers(): ServerState[];
}

/** One server, nothing replicating: what MediaWiki reports for a wiki without replicas. */
export function singleServerStatus(name: string): ReplicationStatus {
  return {
    lagTimes: () => [{ name, lag: 0 }],
    maxLag: () => ({ host: '', lag: -1, index: 0 }),
    servers: () => [{ name, role: 'primary', weight: 1, up: true, lag: 0, readable: true }],
  };
}
