// expect: true
/* A contract over global arrays: whether the first n readings match
   their expected values, both kept in global tables; no global is
   changed (assigns \nothing covers the globals too: the twin keeps the
   last reading compared in a global scratch table). */
#define CAP 64

int expected[CAP];
int readings[CAP];
int scratch[CAP];

/*@ requires 0 <= n <= CAP;
  @ assigns \nothing;
  @ ensures \result == 1 <==> (\forall integer k; 0 <= k < n ==> readings[k] == expected[k]);
  @*/
int matches(int n)
{
    for (int i = 0; i < n; i++)
        if (readings[i] != expected[i])
            return 0;
    return 1;
}
