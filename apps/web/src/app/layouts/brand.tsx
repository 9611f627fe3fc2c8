import { Link } from 'react-router';
import { BRAND_CLASS_NAME, BrandContent } from './brand-mark';

/** The product mark, linking to the console's start page. */
export function Brand() {
  return (
    <Link to="/" className={BRAND_CLASS_NAME}>
      <BrandContent />
    </Link>
  );
}
