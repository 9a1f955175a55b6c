BEGIN { trace(this->x); }
