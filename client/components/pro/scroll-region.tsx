import type { ReactNode } from 'react';

/**
 * The box of a table wider than a phone: it scrolls sideways, and as a region named by the
 * table's heading or caption it takes the focus, so the keyboard can scroll it too.
 */
export function ScrollRegion({
  labelledBy,
  children,
}: {
  labelledBy: string;
  children: ReactNode;
}) {
  return (
    <div className="pro-scroll" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}
