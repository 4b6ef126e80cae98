/** A time limit for grounding, checked every few calls (reading the clock is not free). */

/** Thrown when grounding runs past its time limit; `plan` reports it as the status 'time-limit'. */
export class GroundingTimeLimit extends Error {
  override name = 'GroundingTimeLimit';
}

export class Deadline {
  private calls = 0;

  constructor(private readonly at = Number.POSITIVE_INFINITY) {}

  check(): void {
    if (this.at === Number.POSITIVE_INFINITY || (++this.calls & 255) !== 0) return;
    if (performance.now() > this.at) throw new GroundingTimeLimit('grounding reached the time limit');
  }
}
