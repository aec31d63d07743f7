/** Icons only the grid needs (the kit's Icon set has no refresh/columns/zoom glyphs). */
const PATHS = {
  refresh: 'M20 11a8 8 0 10-2.3 5.7M20 4v7h-7',
  columns: 'M4 5h16v14H4zM9.5 5v14M14.5 5v14',
  'zoom-in': 'M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4M8 11h6M11 8v6',
  'zoom-out': 'M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4M8 11h6',
  'sort-up': 'M8 10l4-4 4 4',
  'sort-down': 'M8 14l4 4 4-4',
} as const;

export type GridIconName = keyof typeof PATHS;

export function GridIcon({ name, className }: { name: GridIconName; className?: string }) {
  return (
    <svg
      className={className ? `cd-icon ${className}` : 'cd-icon'}
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
