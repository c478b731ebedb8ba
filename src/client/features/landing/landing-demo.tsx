import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { SampleFarmerDashboard, SampleRestaurantDashboard } from './sample-dashboards';

/** The landing page's sample dashboards, below the fold: loaded after the page has rendered. */
export function LandingDemo() {
  return (
    <Tabs defaultValue="restaurant" className="flex flex-col items-center gap-6">
      <TabsList aria-label="Sample dashboards">
        <TabsTrigger value="restaurant" className="min-h-11 px-4">
          Restaurant View
        </TabsTrigger>
        <TabsTrigger value="farmer" className="min-h-11 px-4">
          Farmer View
        </TabsTrigger>
      </TabsList>
      <TabsContent
        value="restaurant"
        className="w-full rounded-2xl bg-stone-50 p-3 ring-1 ring-stone-200 sm:p-5"
      >
        <SampleRestaurantDashboard />
      </TabsContent>
      <TabsContent
        value="farmer"
        className="w-full rounded-2xl bg-stone-50 p-3 ring-1 ring-stone-200 sm:p-5"
      >
        <SampleFarmerDashboard />
      </TabsContent>
    </Tabs>
  );
}
