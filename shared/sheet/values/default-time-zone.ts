/**
 * The farm's time zone when none is given: the one place it is written. A module of its own, with no
 * imports, so that the CLI can show it in its help without loading the time zone library.
 */

/** The farm's time zone unless the user says otherwise (the CLI's `--timezone`). */
export const DEFAULT_TIME_ZONE = 'Australia/Sydney';
