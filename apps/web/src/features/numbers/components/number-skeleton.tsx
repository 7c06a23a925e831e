import { Skeleton } from 'antd-mobile';

/** Placeholders in the shape of the number rows or tiles while the first page loads. */
export function NumberSkeleton({ arrange, count = 6 }: { arrange: 1 | 2; count?: number }) {
  const items = Array.from({ length: count }, (_, i) => i);
  return (
    <div className={arrange === 2 ? 'num-grid' : 'num-list'} aria-busy="true">
      {items.map((i) => (
        <div key={i} className="skeleton-card">
          <Skeleton animated style={{ '--width': arrange === 2 ? '80%' : '60%', '--height': '22px', '--border-radius': '6px' }} />
          <Skeleton animated style={{ '--width': '45%', '--height': '14px', '--border-radius': '4px', marginTop: 10 }} />
          <Skeleton animated style={{ '--width': '30%', '--height': '12px', '--border-radius': '4px', marginTop: 8 }} />
        </div>
      ))}
    </div>
  );
}
