package dev.ferry.saga.model;

import java.io.Serializable;

/** What the coordinator does to run one action or compensation: SQL in a database, or HTTP. */
public sealed interface Call extends Serializable permits SqlCall, HttpCall {}
