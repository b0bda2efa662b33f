import { supabase } from './client';
import { toApiError } from './errors';

/** The distinct categories of published products, sorted (SPEC §2 Collections, "Shop by Category"). */
export async function fetchCategories(): Promise<string[]> {
  const { data, error } = await supabase().from('products').select('category').eq('status', 'published');
  if (error) throw toApiError(error);
  const categories = new Set((data ?? []).map((row: { category: string | null }) => row.category).filter((c): c is string => !!c));
  return [...categories].sort((a, b) => a.localeCompare(b));
}
