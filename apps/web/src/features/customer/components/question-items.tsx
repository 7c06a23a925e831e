import type { QuestionSummary } from '@simshop/contract/customer';
import { RightOutline } from 'antd-mobile-icons';
import { navigateTo } from '../../../lib/nav.ts';
import './customer.css';

export const QUESTION_DETAIL = '/pages/customer/question/detail';

/** Questions as rows that open their answer; hot questions carry their rank. */
export function QuestionItems({ items, ranked = false }: { items: QuestionSummary[]; ranked?: boolean }) {
  return (
    <ul className="help-items">
      {items.map((q, i) => (
        <li key={q.id}>
          <button type="button" className="help-item" onClick={() => void navigateTo(`${QUESTION_DETAIL}?id=${q.id}`)}>
            {ranked ? <span className={`help-rank${i < 3 ? ' top' : ''}`}>{i + 1}</span> : null}
            <span className="help-item-title">{q.title}</span>
            <RightOutline className="help-item-arrow" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
