import { useCallback, useEffect, useRef, useState } from 'react';
import type { PaymentPlanInput, PlanAnswer } from '#common/billing/payment-plan.ts';
import { api } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';
import type { Refusal } from './use-project-invoices.ts';

/** A project's payment plan (GET/PUT /api/admin/projects/{id}/plan), read again whenever `version` changes. */
export function usePaymentPlan(projectId: number, version: string) {
  const [answer, setAnswer] = useState<PlanAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const live = useRef(true);
  const url = `/api/admin/projects/${projectId}/plan`;

  useEffect(() => {
    live.current = true;
    void api<PlanAnswer>('GET', url).then((result) => {
      if (!live.current) return;
      if (result.ok) {
        setAnswer(result.data);
        setError(null);
      } else setError(result.serverMessage ?? result.message);
    });
    return () => {
      live.current = false;
    };
  }, [url, version]);

  const save = useCallback(
    async (input: PaymentPlanInput): Promise<Refusal> => {
      const result = await api<PlanAnswer>('PUT', url, input);
      if (!result.ok) {
        toast({ title: 'Error', description: result.serverMessage ?? 'Plan not saved', variant: 'destructive' });
        return result;
      }
      if (live.current) setAnswer(result.data);
      toast({ title: 'Success', description: 'Payment plan saved' });
      return null;
    },
    [url],
  );
  return { answer, error, save };
}
