/*@ assigns \nothing; */
extern int __VERIFIER_nondet_int(void);
/*@ assigns \nothing; ensures cond != 0; */
extern void __VERIFIER_assume(int cond);
/*@ requires cond != 0; assigns \nothing; */
extern void __VERIFIER_assert(int cond);
