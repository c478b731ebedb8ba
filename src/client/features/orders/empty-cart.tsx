import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';

/** 'Your cart is empty', where the checkout would be (docs/product.md#checkout). */
export function EmptyCart() {
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-5">
        <p className="flex items-center gap-2 font-medium text-stone-700">
          <ShoppingCart className="size-5 text-stone-400" aria-hidden="true" />
          Your cart is empty
        </p>
        <Button asChild variant="outline">
          <Link to="/restaurant/browse">Browse Products</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
