import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';

/** The banner of every layout: the product title (from configuration) and the layout's own controls. */
export function SiteHeader({ productTitle, children }: { productTitle: string; children?: ReactNode }) {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="site-header__title">
          {productTitle}
        </Link>
        {children}
      </div>
    </header>
  );
}
