import { formatUsd, type Cents } from '#core/money';
import { Leaf, Minus, Package, Plus, ShoppingCart, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { StatusBadge } from '../../components/ui/status-badge';

/**
 * Static sample dashboards for the landing page's demo tabs (docs/product.md#landing-page).
 * Every figure here is an example written into the page, never read from the marketplace.
 */
interface SampleItem {
  id: number;
  name: string;
  farm: string;
  unit: string;
  price: Cents;
  available: number;
  isOrganic: boolean;
  deliveryFee: Cents;
}

interface SampleOrder {
  id: string;
  party: string;
  status: 'pending' | 'confirmed' | 'packed' | 'in_transit' | 'delivered';
  total: Cents;
}

const SAMPLE_INVENTORY: SampleItem[] = [
  {
    id: 1,
    name: 'Manoa Lettuce',
    farm: 'Kahuku Greens',
    unit: 'head',
    price: 350,
    available: 48,
    isOrganic: true,
    deliveryFee: 500,
  },
  {
    id: 2,
    name: 'Apple Bananas',
    farm: 'Waimanalo Roots',
    unit: 'lb',
    price: 225,
    available: 120,
    isOrganic: false,
    deliveryFee: 1000,
  },
  {
    id: 3,
    name: 'Thai Basil',
    farm: 'Kahuku Greens',
    unit: 'bunch',
    price: 300,
    available: 3,
    isOrganic: true,
    deliveryFee: 500,
  },
];

const SAMPLE_RESTAURANT_ORDERS: SampleOrder[] = [
  { id: '#ORD-2026-001', party: 'Kahuku Greens', status: 'in_transit', total: 12_450 },
  { id: '#ORD-2026-002', party: 'Waimanalo Roots', status: 'confirmed', total: 8_625 },
  { id: '#ORD-2026-003', party: 'Kahuku Greens', status: 'delivered', total: 21_000 },
];

const SAMPLE_FARMER_ORDERS: SampleOrder[] = [
  { id: '#ORD-2026-004', party: 'Pono Kitchen', status: 'pending', total: 15_600 },
  { id: '#ORD-2026-005', party: 'Hale Aina Cafe', status: 'packed', total: 9_240 },
  { id: '#ORD-2026-006', party: 'Moana Bistro', status: 'delivered', total: 27_380 },
];

function SampleStat({ label, value, icon }: { label: string; value: string; icon: ReactNode }) {
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3 sm:flex-row sm:items-center sm:gap-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary-soft text-green-900 [&_svg]:size-4">
        {icon}
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="text-xs text-stone-600">{label}</span>
        <span className="tabular text-lg font-semibold text-stone-900">{value}</span>
      </span>
    </div>
  );
}

function SampleOrders({ title, orders }: { title: string; orders: SampleOrder[] }) {
  return (
    <Card className="p-4">
      <h4 className="mb-3 text-sm font-semibold text-stone-900">{title}</h4>
      <ul className="flex flex-col divide-y divide-stone-100">
        {orders.map((order) => (
          <li key={order.id} className="flex items-center justify-between gap-3 py-2">
            <span className="flex min-w-0 flex-col">
              <span className="text-sm font-medium">{order.id}</span>
              <span className="truncate text-xs text-stone-600">{order.party}</span>
            </span>
            <span className="flex shrink-0 flex-col items-end gap-1">
              <StatusBadge status={order.status} />
              <span className="tabular text-sm font-medium">{formatUsd(order.total)}</span>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function ItemDetails({ item }: { item: SampleItem }) {
  return (
    <span className="flex min-w-0 flex-col gap-0.5">
      <span className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium text-stone-900">{item.name}</span>
        {item.isOrganic ? (
          <Badge variant="success">
            <Leaf className="mr-1 size-3" aria-hidden="true" />
            Organic
          </Badge>
        ) : null}
      </span>
      <span className="text-xs text-stone-600">
        {item.farm} · Delivery {formatUsd(item.deliveryFee)}
      </span>
      <span className="tabular text-xs text-stone-700">
        {formatUsd(item.price)} / {item.unit} · {item.available} available
        {item.available < 5 ? <span className="font-medium text-destructive"> (Low)</span> : null}
      </span>
    </span>
  );
}

export function SampleRestaurantDashboard() {
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <SampleStat label="Items in Cart" value="6" icon={<ShoppingCart />} />
        <SampleStat label="Pending Deliveries" value="2" icon={<Truck />} />
        <SampleStat label="Active Farms" value="4" icon={<Leaf />} />
        <SampleStat label="This Month" value={formatUsd(42_075)} icon={<Package />} />
      </div>
      <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
        <Card className="p-4">
          <h4 className="mb-3 text-sm font-semibold text-stone-900">Live Inventory</h4>
          <ul className="flex flex-col divide-y divide-stone-100">
            {SAMPLE_INVENTORY.map((item) => (
              <li
                key={item.id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <ItemDetails item={item} />
                <span className="flex shrink-0 items-center gap-1">
                  <Button variant="outline" size="icon" disabled aria-label="Decrease quantity">
                    <Minus />
                  </Button>
                  <span className="tabular w-8 text-center text-sm" aria-label="Quantity">
                    {item.id === 1 ? 4 : item.id === 2 ? 2 : 0}
                  </span>
                  <Button variant="outline" size="icon" disabled aria-label="Increase quantity">
                    <Plus />
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        </Card>
        <SampleOrders title="Recent Orders" orders={SAMPLE_RESTAURANT_ORDERS} />
      </div>
    </div>
  );
}

export function SampleFarmerDashboard() {
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <SampleStat label="Active Listings" value="12" icon={<Leaf />} />
        <SampleStat label="Pending Orders" value="3" icon={<ShoppingCart />} />
        <SampleStat label="Ready to Ship" value="2" icon={<Truck />} />
        <SampleStat label="Month Revenue" value={formatUsd(318_940)} icon={<Package />} />
      </div>
      <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
        <Card className="p-4">
          <div className="mb-3 flex items-center justify-between gap-3">
            <h4 className="text-sm font-semibold text-stone-900">Inventory Management</h4>
            <Button size="sm" disabled>
              <Plus /> Add Product
            </Button>
          </div>
          <ul className="flex flex-col divide-y divide-stone-100">
            {SAMPLE_INVENTORY.filter((item) => item.farm === 'Kahuku Greens').map((item) => (
              <li key={item.id} className="flex items-center justify-between gap-3 py-3">
                <ItemDetails item={item} />
                <Badge variant="success">Active</Badge>
              </li>
            ))}
          </ul>
        </Card>
        <SampleOrders title="Recent Orders" orders={SAMPLE_FARMER_ORDERS} />
      </div>
    </div>
  );
}
