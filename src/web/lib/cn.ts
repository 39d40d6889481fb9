type ClassValue = string | false | null | undefined;

// Joins conditional class names. There is no class-merging here, so a caller's
// className can add classes but should not try to override a variant's colours.
export function cn(...classes: ClassValue[]): string {
  return classes.filter(Boolean).join(' ');
}
