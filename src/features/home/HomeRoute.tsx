import { FeaturedContainer } from './FeaturedContainer';
import { HomeView } from './HomeView';

/** / : the static home sections with the featured products below them. */
export default function HomeRoute() {
  return <HomeView featured={<FeaturedContainer />} />;
}
