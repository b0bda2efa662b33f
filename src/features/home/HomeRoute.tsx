import type { ReactNode } from 'react';
import { HomeView } from './HomeView';

/** / : the static home sections; the catalogue passes its featured block in. */
export default function HomeRoute({ featured }: { featured?: ReactNode }) {
  return <HomeView featured={featured} />;
}
