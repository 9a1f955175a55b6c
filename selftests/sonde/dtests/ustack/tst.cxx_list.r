demangled:
   ID   PROVIDER            MODULE                          FUNCTION NAME
ID pidPID      sym-cxx-prog                sonde::outer(long) entry
-x mangled:
   ID   PROVIDER            MODULE                          FUNCTION NAME
ID pidPID      sym-cxx-prog                 _ZN5sonde5outerEl entry
