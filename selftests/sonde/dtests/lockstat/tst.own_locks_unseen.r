spin-acquire 200, spin-release 200

