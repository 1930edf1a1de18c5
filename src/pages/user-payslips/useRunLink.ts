import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { OwnPayslipsReply } from "../../../contracts/payslips";
import { wholeNumberOf } from "./params";
import { ownPayslipPaths } from "./paths";

/**
 * Follows the release notification's link, /user-payslips?run={runId}: the
 * person's payslip of that run opens in its place. A person cannot read the
 * run itself, so its year is not known: the years are looked through, latest
 * first (where a fresh release is), until a payslip of the run turns up.
 * Answers whether the search is on, and whether it came back empty (a
 * withdrawn payslip, or a link that was never theirs).
 */
export function useRunLink(reply: OwnPayslipsReply | undefined): { finding: boolean; missing: boolean } {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const run = wholeNumberOf(params.get("run"));
  const asked = wholeNumberOf(params.get("year"));
  const [looked, setLooked] = useState<number[]>([]);
  const [missing, setMissing] = useState(false);
  // Another link followed from this page starts a search of its own (the run leaves the address once one ends).
  const [searching, setSearching] = useState(run);
  if (run !== undefined && run !== searching) {
    setSearching(run);
    setLooked([]);
    setMissing(false);
  }
  useEffect(() => {
    // Nothing to follow, or the year asked for has not come yet.
    if (run === undefined || !reply || (asked !== undefined && reply.year !== asked)) return;
    const row = reply.payslips.find((payslip) => payslip.payroll_id === run);
    if (row) {
      navigate(ownPayslipPaths.payslip(row.id), { replace: true });
      return;
    }
    const seen = reply.year === null ? looked : [...looked, reply.year];
    const next = reply.years.find((year) => !seen.includes(year));
    setLooked(seen);
    if (next !== undefined) {
      setParams({ year: String(next), run: String(run) }, { replace: true });
    } else {
      setMissing(true);
      setParams(reply.year === null ? {} : { year: String(reply.year) }, { replace: true });
    }
    // A new reply moves the search on; `looked` is only its record of where it has been.
  }, [run, reply, asked]);
  return { finding: run !== undefined, missing };
}
