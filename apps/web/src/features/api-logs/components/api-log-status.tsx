import { Badge } from '../../../components/ui/badge';

/** An answer's status code, its class in colour (the code itself says it in words). */
export function ApiLogStatus({ status }: { status: number }) {
  const tone = status >= 500 ? 'red' : status >= 400 ? 'amber' : 'green';
  return <Badge tone={tone}>{status}</Badge>;
}
