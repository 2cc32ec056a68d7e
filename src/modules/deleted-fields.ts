// The fields of a revision, a change or a log entry that a deletion hides: MediaWiki's modules
// flag each as `<field>hidden`, show it only to callers who may see it, and flag the item
// `suppressed` when any is hidden by a suppressed deletion. One tracker does it for them all.
import { setFlag, type ResultObject } from '../api/result.ts';
import { DELETED_RESTRICTED, LOG_DELETED_RESTRICTED } from '../wiki/visibility.ts';

/** userCanBitfield or logUserCanBitfield: may a caller with `rights` see `field` of something deleted with `bitfield`? */
export type VisibilityRule = (bitfield: number, field: number, rights: ReadonlySet<string>) => boolean;

// The suppressed bit is the same for revisions and log entries, so one test serves both.
const SUPPRESSED = DELETED_RESTRICTED | LOG_DELETED_RESTRICTED;

export class DeletedFields {
  private anyHidden = false;

  constructor(
    private readonly item: ResultObject,
    private readonly bitfield: number,
    private readonly canSee: VisibilityRule,
    private readonly rights: ReadonlySet<string>,
  ) {}

  /** Notes a hidden field, flagged `<name>hidden` when named (some hidden fields have no flag). */
  hide(name: string | null, hidden: boolean): void {
    if (!hidden) return;
    if (name !== null) setFlag(this.item, `${name}hidden`, true);
    this.anyHidden = true;
  }

  /** Flags `<name>hidden` when `field` of the item's bitfield is deleted; whether the caller may see the field. */
  visible(field: number, name: string, canSee: VisibilityRule = this.canSee): boolean {
    this.hide(name, (this.bitfield & field) !== 0);
    return canSee(this.bitfield, field, this.rights);
  }

  /** Flags the item `suppressed` when a field is hidden and the deletion is suppressed; call it last. */
  flagSuppressed(): void {
    if (this.anyHidden && this.bitfield & SUPPRESSED) setFlag(this.item, 'suppressed', true);
  }
}
