import { ProductsScreen } from '../features/products/ProductsScreen.tsx';
import { m } from '../paraglide/messages.js';
import { ScreenPage } from './ScreenPage.tsx';

/** /product: products. */
export default function ProductPage() {
  return (
    <ScreenPage title={m.app_title_product()}>
      <ProductsScreen />
    </ScreenPage>
  );
}
