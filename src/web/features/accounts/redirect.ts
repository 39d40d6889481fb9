/** Where a session lands when nothing else is asked for. */
export const SIGNED_IN_HOME = '/home';
